// npm run bench:auth — GET /api/auth/check with a valid access token (JWT verified on every request)
// against GET /api/health (one database ping) on the same product, in the same run, over loopback.
import { peakRssMiB, reportRows } from '@touchline/tooling';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EmbeddedIdpClient } from '../../api/test/support/embedded-idp-client';
import { freePort, newDataDir, startProduct, type RunningProduct } from '../support/product';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

let product: RunningProduct;
let mailUrl: string;
let token: string;

async function waitForMail(address: string, subject: RegExp) {
  for (let i = 0; i < 150; i++) {
    const all = (await (await fetch(`${mailUrl}/email`)).json()) as { subject: string; text: string; id: string; to: { address: string }[] }[];
    const found = all.filter((m) => subject.test(m.subject) && m.to.some((t) => t.address === address));
    if (found.length) return found[found.length - 1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no mail');
}

beforeAll(async () => {
  const mailPort = await freePort();
  mailUrl = `http://127.0.0.1:${mailPort}`;
  product = await startProduct(await newDataDir(), await freePort(), { MAILDEV_WEB_PORT: String(mailPort), LOG_LEVEL: 'error' });
  const idp = new EmbeddedIdpClient(product.url, waitForMail);
  const tokens = await idp.signUp('bench@club.example', 'bench-secret');
  token = tokens.access_token;
  const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
  const registered = await fetch(`${product.url}/api/auth/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ identityId: sub, username: 'Bench', email: 'bench@club.example', plan: 'Coach' }),
  });
  expect(registered.status).toBe(201);
});

afterAll(async () => {
  product?.process.kill('SIGINT');
  await product?.exited;
});

function load(path: string, headers: Record<string, string> = {}) {
  return autocannon({ url: `${product.url}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers });
}

test('auth check vs health', async () => {
  await load('/api/health'); // warm-up of both paths' code and connections
  const health = await load('/api/health');
  const check = await load('/api/auth/check', { authorization: `Bearer ${token}` });
  expect(check.non2xx).toBe(0);
  expect(health.non2xx).toBe(0);
  const line = (name: string, r: autocannon.Result) =>
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms`;
  console.log(
    [
      `${CONNECTIONS} connections, ${DURATION_S} s each, loopback`,
      line('GET /api/health', health),
      line('GET /api/auth/check', check),
      `ratio check/health: ${(check.requests.average / health.requests.average).toFixed(2)}× throughput, ${(check.latency.p99 / Math.max(health.latency.p99, 1)).toFixed(2)}× p99`,
    ].join('\n'),
  );
  reportRows([
    {
      benchmark: 'bench:auth',
      measure: `GET /api/auth/check, ${CONNECTIONS} connections for ${DURATION_S} s (throughput)`,
      result: `${check.requests.average.toFixed(0)} req/s`,
      baseline: `GET /api/health ${health.requests.average.toFixed(0)} req/s`,
      ratio: check.requests.average / health.requests.average,
      target: '≥ 0.85×',
      peakMiB: peakRssMiB(product.process.pid!),
      memoryOf: 'API',
    },
    {
      benchmark: 'bench:auth',
      measure: 'GET /api/auth/check p99 latency (lower is better)',
      result: `${check.latency.p99} ms`,
      baseline: `GET /api/health ${health.latency.p99} ms`,
      ratio: check.latency.p99 / Math.max(health.latency.p99, 1),
      target: '≤ 1.2×',
    },
  ]);
});
