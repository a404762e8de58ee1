// The Compose Specification's JSON schema, as the Compose reference implementation (compose-go) ships it,
// fetched at a pinned version through the Go module proxy into Go's module cache.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const COMPOSE_GO = { module: 'github.com/compose-spec/compose-go/v2', version: 'v2.16.2' };

/** The schema itself, parsed (a JSON Schema draft 2020-12 document). */
export function composeSchema(): Record<string, unknown> {
  const work = mkdtempSync(path.join(tmpdir(), 'touchline-compose-schema-'));
  try {
    writeFileSync(path.join(work, 'go.mod'), 'module touchline.local/compose-schema\n\ngo 1.24\n');
    const out = execFileSync('go', ['mod', 'download', '-json', `${COMPOSE_GO.module}@${COMPOSE_GO.version}`], {
      cwd: work,
      env: { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' },
      encoding: 'utf8',
    });
    const { Dir } = JSON.parse(out) as { Dir: string };
    return JSON.parse(readFileSync(path.join(Dir, 'schema', 'compose-spec.json'), 'utf8')) as Record<string, unknown>;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
