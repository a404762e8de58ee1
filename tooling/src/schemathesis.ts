// schemathesis (PyPI) for the OpenAPI conformance test: a virtualenv in the cache folder outside the repository,
// built once from the pinned requirements with the machine's python3, then reused.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDir, log, root } from './repo.js';

const requirements = path.join(root, 'infra', 'schemathesis', 'requirements.txt');

/** Path of the pinned `schemathesis` command, installing it first when the cache does not hold these pins. */
export function ensureSchemathesis(): string {
  const pins = readFileSync(requirements);
  const version = /^schemathesis==(\S+)$/m.exec(pins.toString())?.[1];
  if (!version) throw new Error(`${requirements} pins no schemathesis version`);
  const dir = path.join(cacheDir, 'schemathesis', `${version}-${createHash('sha256').update(pins).digest('hex').slice(0, 12)}`);
  const binary = path.join(dir, 'bin', 'schemathesis');
  // A virtualenv records its own path, so it is built where it stays; the stamp marks a finished install.
  const stamp = path.join(dir, '.installed');
  if (existsSync(stamp)) return binary;
  rmSync(dir, { recursive: true, force: true });
  log(`installing schemathesis ${version} into ${dir} (once)…`);
  const python = process.env.PYTHON ?? 'python3';
  const step = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.error) throw new Error(`schemathesis needs Python 3.10+ with venv (${python}): ${result.error.message}`);
    if (result.status !== 0) {
      throw new Error(
        `${path.basename(command)} ${args.slice(0, 2).join(' ')} failed with exit code ${result.status}; on Debian, apt-get install python3-venv`,
      );
    }
  };
  step(python, ['-m', 'venv', dir]);
  step(path.join(dir, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '--no-input', '-r', requirements]);
  writeFileSync(stamp, version);
  return binary;
}
