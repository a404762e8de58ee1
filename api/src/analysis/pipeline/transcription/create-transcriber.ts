import { accessSync, constants, existsSync } from 'node:fs';
import * as path from 'node:path';
import type { AnalysisSettings } from '../../../config';
import { AutoTranscriber, healthSource, stateFileSource } from './auto-transcriber';
import { HttpTranscriber } from './http-transcriber';
import { PocketsphinxTranscriber } from './pocketsphinx-transcriber';
import type { Transcriber } from './transcriber';
import { WhisperTranscriber } from './whisper-transcriber';

const POCKETSPHINX = 'pocketsphinx_batch';

/** What a club installs to have Whisper when `npm start` did not install it; the launcher says the same (infra/lib/whisper.mjs). */
export const WHISPER_HINT = 'Python 3.11, 3.12 or 3.13 with venv (Debian and Ubuntu: apt-get install python3 python3-venv), then npm start';

/** The first executable `name` on PATH. */
function onPath(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function pocketsphinx(settings: AnalysisSettings, searchPath: string): PocketsphinxTranscriber | string {
  const command = onPath(POCKETSPHINX, searchPath);
  if (!command) return `${POCKETSPHINX} is not installed (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`;
  if (!existsSync(path.join(settings.pocketsphinxModelDir, 'en-us.lm.bin'))) {
    return `no pocketsphinx model in ${settings.pocketsphinxModelDir} (Debian: apt-get install pocketsphinx-en-us, or set POCKETSPHINX_MODEL_DIR)`;
  }
  return new PocketsphinxTranscriber({ command, modelDir: settings.pocketsphinxModelDir });
}

/**
 * The configured transcriber, or null for none. `auto` takes Whisper whenever it can be had: at WHISPER_URL
 * (waiting for its /health), or the sidecar `npm start` installs and reports in the state file (waiting while
 * it is installed); pocketsphinx when Whisper cannot be had, and nothing when neither can. Asking for
 * pocketsphinx explicitly when it is not installed is a configuration error, reported at start. `searchPath`
 * is where pocketsphinx is looked for: PATH, as the settings have it, unless a test gives another.
 */
export function createTranscriber(
  settings: AnalysisSettings,
  { searchPath = settings.searchPath }: { searchPath?: string } = {},
): { transcriber: Transcriber | null; note?: string } {
  const whisper = (url: string) => new WhisperTranscriber({ url, apiKey: settings.apiKey, model: settings.model, language: settings.language });
  switch (settings.transcriber) {
    case 'none':
      return { transcriber: null };
    case 'http':
      return { transcriber: new HttpTranscriber({ url: settings.url!, apiKey: settings.apiKey, model: settings.model, language: settings.language }) };
    case 'whisper':
      return { transcriber: whisper(settings.url!) };
    case 'pocketsphinx': {
      const found = pocketsphinx(settings, searchPath);
      if (typeof found === 'string') throw new Error(`TRANSCRIBER=pocketsphinx: ${found}`);
      return { transcriber: found };
    }
    case 'auto': {
      const found = pocketsphinx(settings, searchPath);
      const source = settings.url ? healthSource(settings.url, settings.apiKey) : settings.stateFile ? stateFileSource(settings.stateFile) : null;
      if (source) {
        const fallback = typeof found === 'string' ? { fallback: null, fallbackMissing: found } : { fallback: found };
        return { transcriber: new AutoTranscriber({ source, whisper, waitMs: settings.waitMs, install: WHISPER_HINT, ...fallback }) };
      }
      const noWhisper = `Whisper is not set up here (${WHISPER_HINT})`;
      return typeof found === 'string'
        ? { transcriber: null, note: `sessions are analysed without a transcript: ${found}; ${noWhisper}` }
        : { transcriber: found, note: `sessions are transcribed by pocketsphinx: ${noWhisper}` };
    }
  }
}
