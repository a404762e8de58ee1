#!/usr/bin/env node
// npm run bench:accuracy — the analysis's accuracy on the held-out set (`HELD_OUT_SESSIONS`, tooling): generated
// sessions in conditions no calibration used (wind, a crowd's murmur, referee whistles, the coach far from the
// microphone, a player answering), other voices, lines and squad, 25/18/12 dB, WAV and MP4. Each is analysed as the
// worker does with the default transcriber, Whisper (`analyseRecording`, the sidecar, the squad as vocabulary), and
// measured against its truth: talk ratio and interventions, word error rate, question, praise and instruction
// precision and recall, first names found, categories scored, and any category scored from the words of a
// transcript more than 0.45 wrong. Prints a table per set and the set's pooled figures beside the goals.
//
// Needs the built tooling, shared and api (`npm run build -w tooling && npm run build -w shared && npm run build -w api`)
// and the Whisper sidecar (installed into the cache on first use, as `npm start` does). Sessions are cached under
// ~/.cache/touchline/bench/heldout; the figures are written there as figures.json, and each line whose question,
// praise or instruction code was missed or wrongly given, beside what was heard over it, as misses.json.
// HELDOUT_ONLY=H1,H5 runs a few. WHISPER_URL (with TRANSCRIBER_API_KEY and TRANSCRIBER_MODEL, as the API sends them)
// measures a club's own OpenAI-compatible service instead of the sidecar: what a larger Whisper would change.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { log } from '../lib/setup.mjs';

const { cacheDir, buildHeldOutSession, HELD_OUT_SESSIONS, heldOutSquad, measureHeldOut, miscodedLines, precisionRecall, whisperToMeasure } =
  await import('@touchline/tooling');
const require = createRequire(import.meta.url);
const { analyseRecording, createTranscriber, loadConfig, loadRubric, talkMetrics, wordsOf } = require('@touchline/api/tooling');

const only = (process.env.HELDOUT_ONLY ?? '').split(',').filter(Boolean);
const sessions = HELD_OUT_SESSIONS.filter((s) => only.length === 0 || only.includes(s.id));
const dir = path.join(cacheDir, 'bench', 'heldout');
mkdirSync(dir, { recursive: true });
const rubric = loadRubric();
const gap = rubric.segmentation.intervention_gap_seconds.value;

log(`generating ${sessions.length} held-out sessions (cached in ${dir})…`);
const built = sessions.map((s) => buildHeldOutSession(s, dir));

const whisper = await whisperToMeasure();
log(`measuring ${whisper.label}…`);
const config = loadConfig({ ...whisper.settings, DATA_DIR: dir }, dir);
const { transcriber } = createTranscriber(config.analysis);

const figures = [];
/** Each line whose codes the analysis got wrong, with what was heard over it. */
const misses = [];
const started = Date.now();
try {
  for (const b of built) {
    const at = Date.now();
    const analysis = await analyseRecording(b.file, { rubric, transcriber, squad: [...heldOutSquad(b.session)], maxRecordingMinutes: 240 });
    const f = {
      set: b.session.set,
      snrDb: b.session.snrDb,
      seconds: b.seconds,
      wall: (Date.now() - at) / 1000,
      ...measureHeldOut(b, analysis, { wordsOf, talkMetrics, gap }),
    };
    figures.push(f);
    misses.push(...miscodedLines(b, analysis));
    log(
      `${f.name}: talk ${f.talkError.toFixed(2)} pp, interventions ${f.interventionsMeasured}/${f.interventionsTruth}, WER ${f.wer.toFixed(3)}, ${f.speechRateMeasured ?? '—'}/${f.speechRateTruth.toFixed(0)} words/min, ${f.wall.toFixed(1)} s`,
    );
  }
} finally {
  await whisper.stop();
}
writeFileSync(path.join(dir, 'figures.json'), JSON.stringify(figures, null, 2));
writeFileSync(path.join(dir, 'misses.json'), JSON.stringify(misses, null, 2));

const pct = (x) => `${(x * 100).toFixed(0)} %`;
const pr = (ds) => {
  const { precision, recall, said } = precisionRecall(ds);
  return said === 0 ? '—' : `${pct(recall)} @ ${pct(precision)} (${said})`;
};
/** The speech rate's error; a session whose report has no rate is 100 % off. */
const rateError = (f) => f.speechRateError ?? -1;
const row = (f) => ({
  session: f.name,
  'talk truth %': +f.talkTruth.toFixed(1),
  'talk error pp': +f.talkError.toFixed(2),
  interventions: `${f.interventionsMeasured}/${f.interventionsTruth}`,
  'interventions error': `${(f.interventionsError * 100).toFixed(1)} %`,
  WER: +f.wer.toFixed(3),
  'words/min': `${f.speechRateMeasured?.toFixed(0) ?? '—'}/${f.speechRateTruth.toFixed(0)}`,
  'words/min error': `${(rateError(f) * 100).toFixed(1)} %`,
  questions: pr([f.detection.questioning]),
  praise: pr([f.detection.praise]),
  instruction: pr([f.detection.instruction]),
  'first names': pr([f.detection['first-name']]),
  scored: `${f.categoriesScored}/5`,
  'scored on poor words': f.wer > 0.45 ? f.scoredOnWords.join(' ') || 'none' : '',
});
const pooled = (fs, label) => {
  const words = fs.reduce((sum, f) => sum + f.referenceWords, 0);
  const errors = fs.reduce((sum, f) => sum + f.wordErrors, 0);
  return {
    session: label,
    'talk truth %': '',
    'talk error pp': `worst ${Math.max(...fs.map((f) => Math.abs(f.talkError))).toFixed(2)}`,
    interventions: '',
    'interventions error': `worst ${(Math.max(...fs.map((f) => Math.abs(f.interventionsError))) * 100).toFixed(1)} %`,
    WER: `pooled ${(errors / words).toFixed(3)}, worst ${Math.max(...fs.map((f) => f.wer)).toFixed(3)}`,
    'words/min': '',
    'words/min error': `worst ${(Math.max(...fs.map((f) => Math.abs(rateError(f)))) * 100).toFixed(1)} %`,
    questions: pr(fs.map((f) => f.detection.questioning)),
    praise: pr(fs.map((f) => f.detection.praise)),
    instruction: pr(fs.map((f) => f.detection.instruction)),
    'first names': pr(fs.map((f) => f.detection['first-name'])),
    scored: `${fs.filter((f) => f.categoriesScored === 5).length} of ${fs.length} sessions 5/5`,
    'scored on poor words': `${fs.filter((f) => f.wer > 0.45 && f.scoredOnWords.length > 0).length} sessions`,
  };
};
// The goals, for the table's last row.
const GOALS = {
  session: 'goal',
  'talk truth %': '',
  'talk error pp': '≤ 1.5 every session',
  interventions: '',
  'interventions error': '≤ 5 % every session',
  WER: '≤ 0.25 pooled, ≤ 0.45 every session',
  'words/min': '',
  'words/min error': '',
  questions: '≥ 80 % @ ≥ 90 %',
  praise: '≥ 80 % @ ≥ 90 %',
  instruction: '≥ 80 % @ ≥ 80 %',
  'first names': 'recall ≥ 85 %',
  scored: '5 of 5 where the words are good',
  'scored on poor words': 'never',
};
for (const set of [...new Set(figures.map((f) => f.set))]) {
  const fs = figures.filter((f) => f.set === set);
  console.log(`\n${set}`);
  // The goals hold down to 12 dB; a set with sessions below it gets a row without them too.
  const down = figures.filter((f) => f.set === set && f.snrDb >= 12);
  console.table([...fs.map(row), pooled(fs, `${set}: the set`), ...(down.length < fs.length ? [pooled(down, `${set}: down to 12 dB`)] : [])]);
}
console.log('\nall held-out sessions');
console.table([
  pooled(figures, 'all'),
  pooled(
    figures.filter((f) => f.snrDb >= 12),
    'all down to 12 dB',
  ),
  GOALS,
]);
const audio = figures.reduce((sum, f) => sum + f.seconds, 0);
console.log(
  `${figures.length} sessions, ${(audio / 60).toFixed(1)} min of audio analysed in ${((Date.now() - started) / 60000).toFixed(1)} min by ${whisper.label} (rubric ${rubric.version})`,
);
