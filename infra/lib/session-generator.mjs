// Synthetic coaching sessions with a known truth: utterances spoken by espeak-ng at chosen times, silence
// between them, and optional field noise at a set signal-to-noise ratio, mixed with sox (Debian packages).
// Answers the file and the exact speech intervals, for accuracy tests and benchmarks of the analysis.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const RATE = 16_000;

// Repeatable (-R): the same script gives the same file, noise and dither included.
const sox = (...args) => execFileSync('sox', ['-R', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
const duration = (file) => Number(execFileSync('soxi', ['-D', file], { encoding: 'utf8' }).trim());

/**
 * `script`: [{ text, at }] — each utterance starts `at` seconds into the session (in order, not overlapping).
 * `seconds`: the session's length. `snrDb`: field noise (brown noise, like wind and distant play) that many dB
 * below the speech; omitted for a clean recording. Writes a 16 kHz mono WAV to `file`.
 */
export function generateSession({ file, script, seconds, snrDb, voice = 'en-gb' }) {
  const work = mkdtempSync(path.join(tmpdir(), 'touchline-gen-'));
  try {
    const pieces = [];
    const truth = [];
    let cursor = 0;
    script.forEach(({ text, at }, index) => {
      if (at < cursor) throw new Error(`utterance ${index} at ${at}s overlaps the previous one (ends ${cursor.toFixed(2)}s)`);
      const raw = path.join(work, `u${index}-raw.wav`);
      const spoken = path.join(work, `u${index}.wav`);
      execFileSync('espeak-ng', ['-v', voice, '-s', '165', '-w', raw, text]);
      // Resample, and trim espeak's own leading and trailing silence so the truth is exact.
      sox(raw, '-r', String(RATE), '-c', '1', '-b', '16', spoken, 'silence', '1', '0.01', '0.1%', 'reverse', 'silence', '1', '0.01', '0.1%', 'reverse');
      const length = duration(spoken);
      if (at > cursor) {
        const gap = path.join(work, `g${index}.wav`);
        sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', gap, 'trim', '0', (at - cursor).toFixed(4));
        pieces.push(gap);
      }
      pieces.push(spoken);
      truth.push({ start: at, end: at + length, text });
      cursor = at + length;
    });
    if (seconds < cursor) throw new Error(`the script runs to ${cursor.toFixed(2)}s, past the session's ${seconds}s`);
    const tail = path.join(work, 'tail.wav');
    sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', tail, 'trim', '0', (seconds - cursor).toFixed(4) || '0');
    pieces.push(tail);
    const clean = path.join(work, 'clean.wav');
    sox(...pieces, clean);
    if (snrDb === undefined) {
      sox(clean, file);
    } else {
      // Noise level relative to the speech's RMS level.
      const speechRmsDb = rmsDb(path.join(work, 'u0.wav'));
      const noise = path.join(work, 'noise.wav');
      sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', noise, 'synth', String(seconds), 'brownnoise', 'vol', '0.5');
      const noiseRmsDb = rmsDb(noise);
      const gain = speechRmsDb - snrDb - noiseRmsDb;
      const scaled = path.join(work, 'noise-scaled.wav');
      sox(noise, scaled, 'gain', gain.toFixed(2));
      sox('-m', clean, scaled, file);
    }
    return { file, seconds, truth };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The RMS level of a file in dB, from sox's stats (which it prints on stderr). */
function rmsDb(file) {
  const result = spawnSync('sox', [file, '-n', 'stats'], { encoding: 'utf8' });
  const match = /RMS lev dB\s+(-?[\d.]+)/.exec(result.stderr);
  if (!match) throw new Error(`sox stats gave no RMS level for ${file}`);
  return Number(match[1]);
}
