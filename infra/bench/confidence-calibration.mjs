#!/usr/bin/env node
// node infra/bench/confidence-calibration.mjs — how far Whisper's confidence in an utterance (the mean probability of
// its words, what the transcriber hands the scoring) tells its word error rate: generated coaching sessions with
// known scripts (espeak-ng voices, `codedScript`) in brown, pink and white noise at several signal-to-noise ratios,
// analysed as the worker does (`analyseRecording`, TRANSCRIBER=whisper, the squad as the prompt). Each utterance's
// recognised words are set against the script lines that fall in it. Prints the confidence bins (utterances, words,
// word error rate) the rubric's `confidence.expected_error` table is read from, and per session the scores with the
// rubric as it is, with the utterance gate switched off (as before it), and from the script's own words.
//
// Needs the built tooling, shared and api (`npm run build -w tooling && npm run build -w shared && npm run build -w api`)
// and the Whisper sidecar (installed into the cache on first use, as `npm start` does). Sessions are cached under
// ~/.cache/touchline/bench/calibration; the per-utterance records are written there as records.json.
// CALIBRATION_NOISES (brown,pink,white), CALIBRATION_LEVELS (25,18,12,6), CALIBRATION_VOICES (en-gb,en-us) and
// CALIBRATION_LINES (24 lines a session) choose the set; CALIBRATION_MAX_ERROR tries another max_utterance_error.
// WHISPER_URL (with TRANSCRIBER_API_KEY and TRANSCRIBER_MODEL) calibrates a club's own service instead of the sidecar.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { log } from '../lib/setup.mjs';

const { cacheDir, codedScript, generateSession, whisperToMeasure, wordErrorRate } = await import('@touchline/tooling');
const require = createRequire(import.meta.url);
const {
  analyseRecording,
  assessSession,
  createTranscriber,
  expectedError,
  isUncertain,
  loadConfig,
  loadRubric,
  utterancesOf,
  wordsOf,
} = require('@touchline/api/tooling');

const list = (name, fallback) => (process.env[name] ?? fallback).split(',').filter(Boolean);
const NOISES = list('CALIBRATION_NOISES', 'brown,pink,white');
const LEVELS = list('CALIBRATION_LEVELS', '25,18,12,6').map(Number);
const VOICES = list('CALIBRATION_VOICES', 'en-gb,en-us');
const LINES = Number(process.env.CALIBRATION_LINES ?? 24);
const SQUAD = ['James', 'Sophie', 'Oliver'];
const CATEGORIES = ['technical', 'tactical', 'communication', 'management', 'engagement'];

const dir = path.join(cacheDir, 'bench', 'calibration');
mkdirSync(dir, { recursive: true });
const rubric = loadRubric();
// CALIBRATION_MAX_ERROR tries another utterance limit than the rubric's (the "scores now" column).
if (process.env.CALIBRATION_MAX_ERROR) rubric.confidence.max_utterance_error.value = Number(process.env.CALIBRATION_MAX_ERROR);
// The rubric as before per-utterance gating: no utterance is ever expected to be worse than the limit.
const ungated = structuredClone(rubric);
ungated.confidence.max_utterance_error.value = 1;

const whisper = await whisperToMeasure();
log(`calibrating ${whisper.label}…`);
const config = loadConfig({ ...whisper.settings, DATA_DIR: dir }, dir);
const { transcriber: inner } = createTranscriber(config.analysis);

/** Each truth line goes to the utterance it overlaps most (none: the voice activity missed it). */
function truthOfUtterances(utterances, truth) {
  const texts = utterances.map(() => []);
  for (const line of truth) {
    let best = -1;
    let most = 0;
    utterances.forEach((u, i) => {
      const overlap = Math.min(u.end, line.end) - Math.max(u.start, line.start);
      if (overlap > most) [best, most] = [i, overlap];
    });
    if (best >= 0) texts[best].push(line.text);
  }
  return texts.map((lines) => lines.join(' '));
}

const scoresOf = (scores) => CATEGORIES.map((c) => scores.find((s) => s.category === c).score ?? '–').join(', ');

const records = [];
const sessions = [];
let seed = 700;
for (const noise of NOISES) {
  for (const snrDb of LEVELS) {
    for (const voice of VOICES) {
      seed += 1;
      const file = path.join(dir, `${noise}-${snrDb}dB-${voice}-seed${seed}-${LINES}.wav`);
      const { script, seconds } = codedScript({ seed, count: LINES });
      const truthFile = `${file}.json`;
      let truth;
      if (existsSync(file) && existsSync(truthFile)) {
        truth = JSON.parse(readFileSync(truthFile, 'utf8'));
      } else {
        const partial = `${file}.tmp.wav`;
        truth = generateSession({ file: partial, script, seconds, snrDb, noise, voice }).truth;
        renameSync(partial, file);
        writeFileSync(truthFile, JSON.stringify(truth));
      }
      let heard = null;
      const transcriber = {
        name: inner.name,
        transcribe: async (pcm, spans, options) => (heard = await inner.transcribe(pcm, spans, options)),
      };
      const started = Date.now();
      const analysis = await analyseRecording(file, { rubric, transcriber, squad: SQUAD, maxRecordingMinutes: 240 });
      const utterances = utterancesOf(analysis.segments);
      const references = truthOfUtterances(utterances, truth);
      let errors = 0;
      let words = 0;
      utterances.forEach((u, i) => {
        const reference = wordsOf(references[i]);
        const hypothesis = wordsOf(heard[i].text);
        const wrong = reference.length ? Math.round(wordErrorRate(reference, hypothesis) * reference.length) : hypothesis.length;
        errors += wrong;
        words += reference.length;
        if (heard[i].confidence !== null) records.push({ noise, snrDb, voice, confidence: heard[i].confidence, words: reference.length, errors: wrong });
      });
      const missed = truth.filter((line) => !references.some((r) => r.includes(line.text))).reduce((sum, l) => sum + wordsOf(l.text).length, 0);
      const before = assessSession(ungated, analysis.metrics, utterances, heard, SQUAD, analysis.rises ?? []);
      const fromTruth = assessSession(
        rubric,
        analysis.metrics,
        utterances,
        references.map((text) => ({ text, confidence: null })),
        SQUAD,
        analysis.rises ?? [],
      );
      const uncertain = analysis.transcript.filter((u) => u.uncertain).length;
      const session = {
        session: `${noise} ${snrDb} dB ${voice}`,
        'word error rate': +((errors + missed) / (words + missed)).toFixed(3),
        confidence: analysis.transcriptConfidence === null ? null : +analysis.transcriptConfidence.toFixed(2),
        'unclear lines': `${uncertain} of ${analysis.transcript.length}`,
        'scores before': scoresOf(before.scores),
        'scores now': scoresOf(analysis.scores),
        'scores from the script': scoresOf(fromTruth.scores),
        'wall s': +((Date.now() - started) / 1000).toFixed(1),
      };
      sessions.push({ ...session, basis: analysis.scores.map((s) => s.basis) });
      log(JSON.stringify(session));
    }
  }
}
await whisper.stop();
writeFileSync(path.join(dir, 'records.json'), JSON.stringify(records));

const EDGES = [0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0001];
const bins = EDGES.slice(0, -1).map((low, i) => {
  const inBin = records.filter((r) => r.confidence >= low && r.confidence < EDGES[i + 1]);
  const words = inBin.reduce((sum, r) => sum + r.words, 0);
  const errors = inBin.reduce((sum, r) => sum + r.errors, 0);
  const meanConfidence = inBin.length ? inBin.reduce((sum, r) => sum + r.confidence, 0) / inBin.length : null;
  return {
    confidence: `${low.toFixed(2)}–${Math.min(1, EDGES[i + 1]).toFixed(2)}`,
    utterances: inBin.length,
    'mean confidence': meanConfidence === null ? '—' : +meanConfidence.toFixed(3),
    'script words': words,
    'word error rate (pooled)': words ? +(errors / words).toFixed(3) : '—',
    'utterances over half wrong': inBin.filter((r) => (r.words ? r.errors / r.words : 1) > 0.5).length,
    'rubric expects': meanConfidence === null ? '—' : +expectedError(meanConfidence, rubric).toFixed(3),
    'unclear now': inBin.filter((r) => isUncertain(r.confidence, rubric)).length,
  };
});
console.log(`\n${records.length} utterances with a confidence, ${sessions.length} sessions (rubric ${rubric.version})\n`);
console.table(bins);
console.table(sessions.map(({ basis, ...row }) => row));
