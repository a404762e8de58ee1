#!/usr/bin/env node
// stripe-mock on 127.0.0.1:$STRIPE_MOCK_PORT until stopped: the Stripe API that the browser tests' billing product
// talks to (STRIPE_API_URL). Built from source on first use, like the other Go tools.
import { ensureBuilt, ensureInstalled } from '../lib/setup.mjs';

ensureInstalled();
ensureBuilt();
const { startStripeMock } = await import('@touchline/tooling');

const port = Number(process.env.STRIPE_MOCK_PORT ?? 12_111);
const mock = await startStripeMock({ port });
console.log(`stripe-mock listening on ${mock.url}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void mock.stop().then(() => process.exit(0)));
}
await mock.exited;
