// One analysis in its own process, as the worker runs it (the same analyseRecording the worker's job calls,
// without the database writes). Prints JSON: wall seconds, audio seconds, CPU seconds (this process and the
// recogniser processes it started and waited for), the process's peak resident memory, and what it found.
// Usage: node analysis-run.cjs <recording> <none|pocketsphinx|whisper> (whisper: the sidecar at WHISPER_URL)
const { readFileSync } = require('node:fs');
const path = require('node:path');

const { analyseRecording, loadRubric, createTranscriber, loadConfig } = require('@touchline/api/tooling');

/** CPU seconds (user and system) of the finished children this process waited for (Linux /proc; null elsewhere). */
function childrenCpuSeconds() {
  try {
    // Fields after the command name: state is the 1st, cutime and cstime the 14th and 15th, in clock ticks (100 a second).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

async function main() {
  const [file, transcriberName] = process.argv.slice(2);
  const whisperUrl = transcriberName === 'whisper' ? { WHISPER_URL: process.env.WHISPER_URL } : {};
  const config = loadConfig({ TRANSCRIBER: transcriberName, DATA_DIR: path.dirname(file), ...whisperUrl }, path.dirname(file));
  const { transcriber } = createTranscriber(config.analysis);
  const started = process.hrtime.bigint();
  const ownBefore = process.cpuUsage();
  const childrenBefore = childrenCpuSeconds();
  const result = await analyseRecording(file, { rubric: loadRubric(), transcriber, maxRecordingMinutes: config.analysis.maxRecordingMinutes });
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const own = process.cpuUsage(ownBefore);
  const childrenAfter = childrenCpuSeconds();
  process.stdout.write(
    JSON.stringify({
      wallSeconds,
      audioSeconds: result.metrics.durationSeconds,
      cpuSeconds: (own.user + own.system) / 1e6 + (childrenAfter === null ? 0 : childrenAfter - childrenBefore),
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      talkRatio: result.metrics.talkRatio,
      interventions: result.metrics.interventions,
      utterances: result.transcript?.length ?? null,
      transcriber: result.transcriber,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
