import { accessSync, constants, existsSync } from 'node:fs';
import * as path from 'node:path';
import type { AnalysisSettings } from '../../../config/app-config';
import { HttpTranscriber } from './http-transcriber';
import { PocketsphinxTranscriber } from './pocketsphinx-transcriber';
import type { Transcriber } from './transcriber';
import { WhisperTranscriber } from './whisper-transcriber';

const POCKETSPHINX = 'pocketsphinx_batch';

/** The first executable `name` on PATH. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
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

function pocketsphinx(settings: AnalysisSettings): PocketsphinxTranscriber | string {
  const command = onPath(POCKETSPHINX);
  if (!command) return `${POCKETSPHINX} is not installed (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`;
  if (!existsSync(path.join(settings.pocketsphinxModelDir, 'en-us.lm.bin'))) {
    return `no pocketsphinx model in ${settings.pocketsphinxModelDir} (Debian: apt-get install pocketsphinx-en-us, or set POCKETSPHINX_MODEL_DIR)`;
  }
  return new PocketsphinxTranscriber({ command, modelDir: settings.pocketsphinxModelDir });
}

/**
 * The configured transcriber, or null for none. `auto` takes pocketsphinx when it is installed; asking for
 * pocketsphinx explicitly when it is not is a configuration error, reported at start.
 */
export function createTranscriber(settings: AnalysisSettings): { transcriber: Transcriber | null; note?: string } {
  switch (settings.transcriber) {
    case 'none':
      return { transcriber: null };
    case 'http':
      return { transcriber: new HttpTranscriber({ url: settings.url!, apiKey: settings.apiKey, model: settings.model, language: settings.language }) };
    case 'whisper':
      return { transcriber: new WhisperTranscriber({ url: settings.url!, model: settings.model, language: settings.language }) };
    case 'pocketsphinx': {
      const found = pocketsphinx(settings);
      if (typeof found === 'string') throw new Error(`TRANSCRIBER=pocketsphinx: ${found}`);
      return { transcriber: found };
    }
    case 'auto': {
      const found = pocketsphinx(settings);
      return typeof found === 'string' ? { transcriber: null, note: `sessions are analysed without a transcript: ${found}` } : { transcriber: found };
    }
  }
}
