#!/usr/bin/env python3
"""Checks Whisper weights that a registry package ships (CTranslate2 form, for faster-whisper) against the
published model before any use: the SHA-256 of every file against the published conversion's, the tensor names
and shapes of model.bin against the Whisper architecture of that size, the tokenizer vocabulary and the alignment
heads against OpenAI's own `openai-whisper` package (its tiktoken files and its table of alignment heads).
A transcription check runs in evaluate.py (a clean espeak line must come out right).

Usage: verify_weights.py MODEL_DIR SIZE OPENAI_WHISPER_SRC [--json OUT]
  MODEL_DIR: a directory with model.bin, config.json, tokenizer.json and vocabulary.txt|vocabulary.json
  SIZE: tiny.en | tiny | base.en | base
  OPENAI_WHISPER_SRC: the unpacked `openai-whisper` sdist (its whisper/ directory with assets/ and __init__.py)
Exit status 0 only if every check passes. Standard library only.
"""
import base64
import gzip
import hashlib
import json
import re
import struct
import sys
from pathlib import Path

# Published Whisper dimensions (openai/whisper, ModelDimensions of each checkpoint).
DIMS = {
    'tiny.en': dict(n_mels=80, n_audio_ctx=1500, n_audio_state=384, n_audio_head=6, n_audio_layer=4,
                    n_vocab=51864, n_text_ctx=448, n_text_state=384, n_text_head=6, n_text_layer=4),
    'tiny': dict(n_mels=80, n_audio_ctx=1500, n_audio_state=384, n_audio_head=6, n_audio_layer=4,
                 n_vocab=51865, n_text_ctx=448, n_text_state=384, n_text_head=6, n_text_layer=4),
    'base.en': dict(n_mels=80, n_audio_ctx=1500, n_audio_state=512, n_audio_head=8, n_audio_layer=6,
                    n_vocab=51864, n_text_ctx=448, n_text_state=512, n_text_head=8, n_text_layer=6),
    'base': dict(n_mels=80, n_audio_ctx=1500, n_audio_state=512, n_audio_head=8, n_audio_layer=6,
                 n_vocab=51865, n_text_ctx=448, n_text_state=512, n_text_head=8, n_text_layer=6),
}

# SHA-256 of the published CTranslate2 conversions (Hugging Face LFS object ids, recorded independently by
# several public projects that pin them): Systran/faster-whisper-base at revision
# ebe41f70d5b6dfa9166e2c581c45c9c0cfc57b66 and Systran/faster-whisper-tiny.en at revision
# 0d3d19a32d3338f10357c0889762bd8d64bbdeba.
PUBLISHED_SHA256 = {
    'base': {
        'model.bin': 'd01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9',
        'config.json': '56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a',
        'tokenizer.json': 'fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab',
        'vocabulary.txt': '34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913',
    },
    'tiny.en': {
        'model.bin': '1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a',
        'config.json': '14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5',
        'tokenizer.json': '929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df',
        'vocabulary.txt': 'ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf',
    },
}

DTYPES = {0: ('float32', 4), 1: ('int8', 1), 2: ('int16', 2), 3: ('int32', 4), 4: ('float16', 2), 5: ('bfloat16', 2)}


def sha256(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 20), b''):
            h.update(block)
    return h.hexdigest()


def read_ct2(path, keep=()):
    """Parses a CTranslate2 model.bin: {name: (shape, dtype, offset, nbytes)}, the spec name and revision."""
    data = Path(path).read_bytes()
    pos = 0

    def take(fmt):
        nonlocal pos
        values = struct.unpack_from(fmt, data, pos)
        pos += struct.calcsize(fmt)
        return values

    def string():
        nonlocal pos
        (length,) = take('<H')
        text = data[pos:pos + length].rstrip(b'\0').decode('utf8')
        pos += length
        return text

    (version,) = take('<I')
    spec, revision = (string(), take('<I')[0]) if version >= 2 else ('', 0)
    (count,) = take('<I')
    tensors = {}
    for _ in range(count):
        name = string()
        (rank,) = take('<B')
        shape = take('<' + 'I' * rank) if rank else ()
        (dtype,) = take('<B')
        (nbytes,) = take('<I')
        tensors[name] = (tuple(shape), DTYPES.get(dtype, (f'?{dtype}', 0))[0], pos, nbytes)
        pos += nbytes
    (aliases,) = take('<I')
    alias = {}
    for _ in range(aliases):
        a = string()
        alias[a] = string()
    return dict(version=version, spec=spec, revision=revision, tensors=tensors, aliases=alias,
                trailing=len(data) - pos, data=data if keep else None)


def expected_shapes(d):
    """The tensors of CTranslate2's WhisperSpec for these dimensions (names as its converter writes them)."""
    s, t, v = d['n_audio_state'], d['n_text_state'], d['n_vocab']
    e = {
        'encoder/conv1/weight': (s, d['n_mels'], 3), 'encoder/conv1/bias': (s,),
        'encoder/conv2/weight': (s, s, 3), 'encoder/conv2/bias': (s,),
        'encoder/position_encodings/encodings': (d['n_audio_ctx'], s),
        'encoder/layer_norm/gamma': (s,), 'encoder/layer_norm/beta': (s,),
        'decoder/embeddings/weight': (v, t),
        'decoder/position_encodings/encodings': (d['n_text_ctx'], t),
        'decoder/layer_norm/gamma': (t,), 'decoder/layer_norm/beta': (t,),
    }
    for i in range(d['n_audio_layer']):
        p = f'encoder/layer_{i}'
        e.update({
            f'{p}/self_attention/layer_norm/gamma': (s,), f'{p}/self_attention/layer_norm/beta': (s,),
            f'{p}/self_attention/linear_0/weight': (3 * s, s), f'{p}/self_attention/linear_0/bias': (3 * s,),
            f'{p}/self_attention/linear_1/weight': (s, s), f'{p}/self_attention/linear_1/bias': (s,),
            f'{p}/ffn/layer_norm/gamma': (s,), f'{p}/ffn/layer_norm/beta': (s,),
            f'{p}/ffn/linear_0/weight': (4 * s, s), f'{p}/ffn/linear_0/bias': (4 * s,),
            f'{p}/ffn/linear_1/weight': (s, 4 * s), f'{p}/ffn/linear_1/bias': (s,),
        })
    for i in range(d['n_text_layer']):
        p = f'decoder/layer_{i}'
        e.update({
            f'{p}/self_attention/layer_norm/gamma': (t,), f'{p}/self_attention/layer_norm/beta': (t,),
            f'{p}/self_attention/linear_0/weight': (3 * t, t), f'{p}/self_attention/linear_0/bias': (3 * t,),
            f'{p}/self_attention/linear_1/weight': (t, t), f'{p}/self_attention/linear_1/bias': (t,),
            f'{p}/attention/layer_norm/gamma': (t,), f'{p}/attention/layer_norm/beta': (t,),
            f'{p}/attention/linear_0/weight': (t, t), f'{p}/attention/linear_0/bias': (t,),
            f'{p}/attention/linear_1/weight': (2 * t, s), f'{p}/attention/linear_1/bias': (2 * t,),
            f'{p}/attention/linear_2/weight': (t, t), f'{p}/attention/linear_2/bias': (t,),
            f'{p}/ffn/layer_norm/gamma': (t,), f'{p}/ffn/layer_norm/beta': (t,),
            f'{p}/ffn/linear_0/weight': (4 * t, t), f'{p}/ffn/linear_0/bias': (4 * t,),
            f'{p}/ffn/linear_1/weight': (t, 4 * t), f'{p}/ffn/linear_1/bias': (t,),
        })
    return e


def byte_level(token: bytes) -> str:
    """GPT-2's bytes-to-unicode mapping: how a BPE token's bytes are written in vocabulary.txt."""
    bs = list(range(ord('!'), ord('~') + 1)) + list(range(ord('¡'), ord('¬') + 1)) + list(range(ord('®'), ord('ÿ') + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    table = dict(zip(bs, map(chr, cs)))
    return ''.join(table[b] for b in token)


def openai_tokens(src: Path, english: bool):
    """The vocabulary OpenAI's tokenizer builds (whisper/tokenizer.py): the tiktoken ranks, then the specials."""
    ranks = {}
    name = 'gpt2.tiktoken' if english else 'multilingual.tiktoken'
    for line in (src / 'whisper' / 'assets' / name).read_text().splitlines():
        if line:
            token, rank = line.split()
            ranks[int(rank)] = base64.b64decode(token)
    tokens = [byte_level(ranks[i]) for i in range(len(ranks))]
    init = (src / 'whisper' / 'tokenizer.py').read_text()
    languages = re.findall(r'^\s+"([a-z]{2,3})": "[^"]+",$', init.split('LANGUAGES = {')[1].split('}')[0], re.M)
    specials = ['<|endoftext|>', '<|startoftranscript|>', *[f'<|{l}|>' for l in languages],
                '<|translate|>', '<|transcribe|>', '<|startoflm|>', '<|startofprev|>', '<|nospeech|>', '<|notimestamps|>',
                *[f'<|{i * 0.02:.2f}|>' for i in range(1501)]]
    return tokens, specials, languages


def openai_alignment_heads(src: Path, size: str, d):
    """The alignment heads OpenAI's package lists for this checkpoint (base85, gzip, bool[n_layers, n_heads])."""
    init = (src / 'whisper' / '__init__.py').read_text()
    match = re.search(r'"%s": b"([^"]+)"' % re.escape(size), init.split('_ALIGNMENT_HEADS')[1])
    mask = gzip.decompress(base64.b85decode(match.group(1)))
    heads = d['n_text_head']
    return [[i // heads, i % heads] for i, bit in enumerate(mask) if bit]


def verify(model_dir: Path, size: str, src: Path):
    d = DIMS[size]
    english = size.endswith('.en')
    report = {'size': size, 'files': {}, 'checks': {}}
    for f in sorted(model_dir.iterdir()):
        if f.is_file():
            report['files'][f.name] = {'bytes': f.stat().st_size, 'sha256': sha256(f)}
    published = PUBLISHED_SHA256.get(size, {})
    report['checks']['sha256_matches_published'] = bool(published) and all(
        report['files'].get(n, {}).get('sha256') == h for n, h in published.items())
    report['checks']['sha256_detail'] = {n: report['files'].get(n, {}).get('sha256') == h for n, h in published.items()}

    m = read_ct2(model_dir / 'model.bin')
    report['model_bin'] = {'binary_version': m['version'], 'spec': m['spec'], 'spec_revision': m['revision'],
                           'tensors': len(m['tensors']), 'trailing_bytes': m['trailing'],
                           'dtypes': sorted({t[1] for t in m['tensors'].values()})}
    want = expected_shapes(d)
    have = {k: v[0] for k, v in m['tensors'].items()}
    # CTranslate2 may store tensors under an alias (e.g. a tied output projection).
    for a, target in m['aliases'].items():
        if target in have:
            have.setdefault(a, have[target])
    missing = sorted(set(want) - set(have))
    wrong = sorted(k for k in want if k in have and tuple(have[k]) != tuple(want[k]))
    extra = sorted(set(have) - set(want) - {'decoder/projection/weight'})
    report['checks']['tensor_shapes'] = not missing and not wrong and m['trailing'] == 0
    report['tensor_detail'] = {'missing': missing[:20], 'wrong_shape': [(k, have[k], want[k]) for k in wrong[:20]],
                               'extra': extra[:40]}

    vocab_file = model_dir / 'vocabulary.txt'
    if vocab_file.exists():
        vocab = vocab_file.read_text(encoding='utf8').split('\n')
        vocab = vocab[:-1] if vocab and vocab[-1] == '' else vocab
    else:
        vocab = json.loads((model_dir / 'vocabulary.json').read_text(encoding='utf8'))
    tokens, specials, languages = openai_tokens(src, english)
    # Checkpoints before large-v3 have no Cantonese token ('yue', added last); conversions name Hebrew 'iw' or
    # 'he' and the no-speech token 'nocaptions' or 'nospeech' depending on the converter's version.
    if d['n_vocab'] < 51866:
        specials.remove('<|yue|>')
    expected = tokens + specials
    alias = {'<|iw|>': '<|he|>', '<|nocaptions|>': '<|nospeech|>'}
    vocab = [alias.get(x, x) for x in vocab]
    n = d['n_vocab']
    report['tokenizer'] = {'entries': len(vocab), 'openai_text_tokens': len(tokens), 'n_vocab': n}
    text_ok = vocab[:len(tokens)] == tokens
    report['checks']['tokenizer_text_tokens'] = text_ok
    mismatches = [i for i in range(min(len(vocab), len(expected), n)) if vocab[i] != expected[i]]
    report['tokenizer']['first_mismatches_vs_openai_specials'] = [(i, vocab[i], expected[i]) for i in mismatches[:5]]
    report['checks']['tokenizer_special_tokens'] = not mismatches and len(vocab) == n
    try:
        cfg = json.loads((model_dir / 'config.json').read_text())
        heads = openai_alignment_heads(src, size, d)
        report['checks']['alignment_heads_match_openai'] = cfg.get('alignment_heads') == heads
        report['alignment_heads'] = {'config': cfg.get('alignment_heads'), 'openai': heads}
    except Exception as error:  # noqa: BLE001 - reported, not hidden
        report['checks']['alignment_heads_match_openai'] = False
        report['alignment_heads'] = {'error': str(error)}
    report['ok'] = all(v for k, v in report['checks'].items() if isinstance(v, bool))
    return report


def compare(a: Path, b: Path):
    """Tensor-by-tensor comparison of two model.bin files: which differ, and how (for an unverified copy)."""
    ma, mb = read_ct2(a, keep=True), read_ct2(b, keep=True)
    out = {'only_a': sorted(set(ma['tensors']) - set(mb['tensors'])), 'only_b': sorted(set(mb['tensors']) - set(ma['tensors'])),
           'differ': [], 'same': 0, 'header_a': (ma['version'], ma['spec'], ma['revision']),
           'header_b': (mb['version'], mb['spec'], mb['revision']), 'aliases_a': ma['aliases'], 'aliases_b': mb['aliases']}
    for name in sorted(set(ma['tensors']) & set(mb['tensors'])):
        sa, ta, oa, na = ma['tensors'][name]
        sb, tb, ob, nb = mb['tensors'][name]
        if (sa, ta) != (sb, tb) or ma['data'][oa:oa + na] != mb['data'][ob:ob + nb]:
            diff_bytes = sum(x != y for x, y in zip(ma['data'][oa:oa + na], mb['data'][ob:ob + nb])) if na == nb else None
            out['differ'].append({'name': name, 'a': (sa, ta), 'b': (sb, tb), 'bytes_differing': diff_bytes, 'nbytes': na})
        else:
            out['same'] += 1
    return out


if __name__ == '__main__':
    args = sys.argv[1:]
    if args and args[0] == '--compare':
        print(json.dumps(compare(Path(args[1]), Path(args[2])), indent=1))
        sys.exit(0)
    out = None
    if '--json' in args:
        i = args.index('--json')
        out = args[i + 1]
        del args[i:i + 2]
    model_dir, size, src = Path(args[0]), args[1], Path(args[2])
    result = verify(model_dir, size, src)
    text = json.dumps(result, indent=1, ensure_ascii=False)
    if out:
        Path(out).write_text(text)
    print(text)
    sys.exit(0 if result['ok'] else 1)
