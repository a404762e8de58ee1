#!/usr/bin/env node
// npm run bench:analysis — a generated 60-minute coaching session (espeak-ng lines at known times in brown
// field noise at 20 dB SNR, as an MP4 video) analysed as the worker does: metrics only, with Whisper (the default
// transcriber, through the same sidecar `npm start` runs, when it can be had here) and with pocketsphinx (the
// fallback), and a talk-heavy session (runs of lines with breaths between them, the coach talking about 57 % of
// the time, as an MP4 at 15 dB) the same ways, and once more with the Whisper sidecar running one pass at a time on
// two threads instead of two passes of one thread each (its default). Prints audio seconds processed per wall-clock second for each and
// its inverse, the real-time factor, beside ffmpeg's decode of the same file alone (the baseline, measured in the
// same run) as a ratio, the CPU seconds per minute of audio (the analysing process, the recognisers it runs and
// the Whisper sidecar: a figure a busy machine depresses far less than the wall clock), the load average when
// each run ended, and the peak resident memory of the analysing process (and of the sidecar). The goal is 10×
// real time for every session with the default transcriber. The generated session is cached under
// ~/.cache/touchline/bench.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { ensureSystemPackages } from '../lib/system.mjs';
import { ensureBuilt, ensureInstalled, log, root } from '../lib/setup.mjs';

const MINUTES = Number(process.env.BENCH_ANALYSIS_MINUTES ?? 60);
const SEED = 60;
/** The talk-heavy session's length: transcription dominates there, so a shorter one shows the speed. */
const TALK_HEAVY_MINUTES = Number(process.env.BENCH_ANALYSIS_TALK_HEAVY_MINUTES ?? 10);

ensureInstalled();
ensureSystemPackages();
ensureBuilt();
const { cacheDir, codedScript, encodeAs, generateSession, peakRssMiB, reportRows, startWhisper, talkHeavyScript } = await import('@touchline/tooling');

const cache = path.join(cacheDir, 'bench');
mkdirSync(cache, { recursive: true });
const video = path.join(cache, `session-${MINUTES}min-seed${SEED}.mp4`);

if (!existsSync(video)) {
  log(`generating a ${MINUTES}-minute session (cached in ${cache})…`);
  // Lines every 7–13 s: about a third of the time talking, as in a coached practice.
  const count = Math.floor((MINUTES * 60 - 10) / 10.5);
  const { script, seconds } = codedScript({ seed: SEED, count, minGap: 3, maxGap: 9 });
  const wav = path.join(cache, 'session.tmp.wav');
  generateSession({ file: wav, script, seconds: Math.max(seconds, MINUTES * 60), snrDb: 20 });
  const partial = `${video}.tmp.mp4`;
  encodeAs(wav, partial, 'mp4');
  renameSync(partial, video);
  rmSync(wav);
}

const talkHeavy = path.join(cache, `talk-heavy-${TALK_HEAVY_MINUTES}min-seed${SEED}.mp4`);
if (!existsSync(talkHeavy)) {
  log(`generating a ${TALK_HEAVY_MINUTES}-minute talk-heavy session (cached in ${cache})…`);
  // About three lines (with their breaths and pauses) every 10 s.
  const { script } = talkHeavyScript({ seed: SEED, count: Math.floor(TALK_HEAVY_MINUTES * 60 * 0.31) });
  const wav = path.join(cache, 'talk-heavy.tmp.wav');
  generateSession({ file: wav, script, snrDb: 15 });
  const partial = `${talkHeavy}.tmp.mp4`;
  encodeAs(wav, partial, 'mp4');
  renameSync(partial, talkHeavy);
  rmSync(wav);
}

/** The goal for every session, with the default transcriber. */
const TARGET_TIMES_REAL_TIME = 10;

/** CPU seconds of the finished children this process waited for (Linux /proc; 0 elsewhere). */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

const loadAverage = () => loadavg()[0];

/** CPU seconds (user and system) a running process has used so far, from /proc (0 elsewhere). */
function processCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** ffmpeg alone: decode to 16 kHz mono PCM and throw it away. */
function ffmpegDecode(video) {
  const started = process.hrtime.bigint();
  const cpuBefore = childrenCpuSeconds();
  const out = execFileSync(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', video, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'],
    {
      maxBuffer: 1024 ** 3,
    },
  );
  return {
    wallSeconds: Number(process.hrtime.bigint() - started) / 1e9,
    audioSeconds: out.length / 2 / 16000,
    cpuSeconds: childrenCpuSeconds() - cpuBefore,
    load: loadAverage(),
  };
}

/** The Whisper sidecar as `npm start` runs it (installed into the cache first when missing), or null where it cannot be had. */
let whisper = null;
try {
  log('starting the Whisper sidecar (the default transcriber)…');
  whisper = await startWhisper();
} catch (error) {
  log(`Whisper cannot be had here (${error.message.split('\n')[0]}): the default transcriber is pocketsphinx in this run`);
}

function analyseOnce(video, transcriber) {
  return new Promise((resolve, reject) => {
    const env = whisper ? { ...process.env, WHISPER_URL: whisper.url } : process.env;
    const child = spawn(process.execPath, [path.join(root, 'infra/bench/analysis-run.cjs'), video, transcriber], { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', (code) =>
      code === 0 ? resolve({ ...JSON.parse(out), load: loadAverage() }) : reject(new Error(`analysis (${transcriber}) exited with ${code}`)),
    );
  });
}

/** One analysis; with Whisper, the sidecar's CPU time is added to the analysis's and its peak memory kept beside it. */
async function analyse(video, transcriber) {
  if (transcriber !== 'whisper') return analyseOnce(video, transcriber);
  const before = processCpuSeconds(whisper.pid);
  const result = await analyseOnce(video, transcriber);
  const sidecarCpuSeconds = processCpuSeconds(whisper.pid) - before;
  return { ...result, cpuSeconds: result.cpuSeconds + sidecarCpuSeconds, sidecarCpuSeconds, sidecarPeakMiB: peakRssMiB(whisper.pid) };
}

log('ffmpeg decode alone…');
const baseline = ffmpegDecode(video);
log('analysis, metrics only…');
const metricsOnly = await analyse(video, 'none');
log('analysis with the pocketsphinx transcriber…');
const transcribed = await analyse(video, 'pocketsphinx');
log(whisper ? 'analysis with the Whisper transcriber…' : 'no Whisper run: it cannot be had here');
const whispered = whisper ? await analyse(video, 'whisper') : null;
log('talk-heavy session: ffmpeg decode alone, metrics only, with pocketsphinx and with Whisper…');
const heavyBaseline = ffmpegDecode(talkHeavy);
const heavyMetrics = await analyse(talkHeavy, 'none');
const heavyTranscribed = await analyse(talkHeavy, 'pocketsphinx');
const heavyWhispered = whisper ? await analyse(talkHeavy, 'whisper') : null;
await whisper?.stop();
// The same session with the sidecar's earlier layout, one pass at a time on two threads, for comparison.
let heavyOnePass = null;
if (whisper) {
  log('talk-heavy session with Whisper, one pass at a time on two threads (the comparison)…');
  whisper = await startWhisper({ workers: 1, threads: 2 });
  heavyOnePass = await analyse(talkHeavy, 'whisper');
  await whisper.stop();
}

const speed = (r) => r.audioSeconds / r.wallSeconds;
const realTimeFactor = (r) => r.wallSeconds / r.audioSeconds;
const cpuPerAudioMinute = (r) => (r.cpuSeconds / r.audioSeconds) * 60;
const rows = [
  { run: 'ffmpeg decode alone (baseline)', r: baseline },
  { run: 'analysis, metrics only', r: metricsOnly },
  ...(whispered ? [{ run: 'analysis with Whisper (default)', r: whispered }] : []),
  { run: `analysis with pocketsphinx${whispered ? ' (fallback)' : ' (default here)'}`, r: transcribed },
  { run: `talk-heavy ${TALK_HEAVY_MINUTES} min: ffmpeg decode alone`, r: heavyBaseline, base: heavyBaseline },
  { run: `talk-heavy ${TALK_HEAVY_MINUTES} min: metrics only`, r: heavyMetrics, base: heavyBaseline },
  ...(heavyWhispered ? [{ run: `talk-heavy ${TALK_HEAVY_MINUTES} min: with Whisper (default)`, r: heavyWhispered, base: heavyBaseline }] : []),
  ...(heavyOnePass
    ? [{ run: `talk-heavy ${TALK_HEAVY_MINUTES} min: with Whisper, one pass at a time on 2 threads`, r: heavyOnePass, base: heavyBaseline }]
    : []),
  {
    run: `talk-heavy ${TALK_HEAVY_MINUTES} min: with pocketsphinx${heavyWhispered ? ' (fallback)' : ' (default here)'}`,
    r: heavyTranscribed,
    base: heavyBaseline,
  },
];
/** The analysing process's peak memory, and the sidecar's beside it for a Whisper run. */
const memory = (r) => (r.peakRssMiB ? `${r.peakRssMiB.toFixed(0)}${r.sidecarPeakMiB ? ` + sidecar ${r.sidecarPeakMiB.toFixed(0)}` : ''}` : '—');
const defaults = whispered ? [whispered, heavyWhispered] : [transcribed, heavyTranscribed];
console.log(
  `\nSession: ${(baseline.audioSeconds / 60).toFixed(1)} min of audio (${path.basename(video)}), ${metricsOnly.interventions} interventions, talk ${(metricsOnly.talkRatio * 100).toFixed(1)}%, ${transcribed.utterances} transcribed utterances`,
);
console.log(
  `Talk-heavy: ${(heavyBaseline.audioSeconds / 60).toFixed(1)} min of audio (${path.basename(talkHeavy)}), ${heavyMetrics.interventions} interventions, talk ${(heavyMetrics.talkRatio * 100).toFixed(1)}%, ${heavyTranscribed.utterances} transcribed utterances\n`,
);
console.table(
  rows.map(({ run, r, base = baseline }) => ({
    run,
    'wall s': +r.wallSeconds.toFixed(1),
    'audio s per wall s (× real time)': +speed(r).toFixed(1),
    'real-time factor': +realTimeFactor(r).toFixed(3),
    'ratio to ffmpeg decode': +(speed(r) / speed(base)).toFixed(3),
    'CPU s per audio min': +cpuPerAudioMinute(r).toFixed(2),
    'load average (1 min)': +r.load.toFixed(2),
    'peak RSS MiB': memory(r),
  })),
);
console.log(
  `Goal: ≥ ${TARGET_TIMES_REAL_TIME}× real time for every session with the default transcriber, ${whispered ? 'Whisper' : 'pocketsphinx (Whisper cannot be had here)'} (${defaults
    .map((r) => `${speed(r).toFixed(1)}×`)
    .join(', ')} in this run, at a load average of ${defaults.map((r) => r.load.toFixed(1)).join(' and ')} on ${availableParallelism()} cores).`,
);
reportRows(
  rows
    .filter(({ r, base }) => r !== baseline && r !== base)
    .map(({ run, r, base = baseline }) => ({
      benchmark: 'bench:analysis',
      measure: `${run}, ${(base.audioSeconds / 60).toFixed(0)}-minute session (audio s per wall s)`,
      result: `${speed(r).toFixed(1)} audio s/s (real-time factor ${realTimeFactor(r).toFixed(3)}, ${cpuPerAudioMinute(r).toFixed(2)} CPU s per audio min)`,
      baseline: `ffmpeg decode alone ${speed(base).toFixed(1)} audio s/s`,
      ratio: speed(r) / speed(base),
      target: `≥ ${TARGET_TIMES_REAL_TIME} audio s/s`,
      peakMiB: r.peakRssMiB ? r.peakRssMiB + (r.sidecarPeakMiB ?? 0) : null,
      memoryOf: r.sidecarPeakMiB ? `analysing process ${r.peakRssMiB.toFixed(0)} + Whisper sidecar ${r.sidecarPeakMiB.toFixed(0)}` : 'analysing process',
    })),
);
