// One analysis in its own process, as the worker runs it (the same analyseRecording the worker's job calls,
// without the database writes). Prints JSON: wall seconds, audio seconds, the process's peak resident memory,
// and what it found. Usage: node analysis-run.cjs <recording> <none|pocketsphinx>
const path = require('node:path');

const { analyseRecording, loadRubric, createTranscriber, loadConfig } = require('@touchline/api/tooling');

async function main() {
  const [file, transcriberName] = process.argv.slice(2);
  const config = loadConfig({ TRANSCRIBER: transcriberName, DATA_DIR: path.dirname(file) }, path.dirname(file));
  const { transcriber } = createTranscriber(config.analysis);
  const started = process.hrtime.bigint();
  const result = await analyseRecording(file, { rubric: loadRubric(), transcriber, maxRecordingMinutes: config.analysis.maxRecordingMinutes });
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(
    JSON.stringify({
      wallSeconds,
      audioSeconds: result.metrics.durationSeconds,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      talkRatio: result.metrics.talkRatio,
      interventions: result.metrics.interventions,
      utterances: result.transcript?.length ?? null,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
