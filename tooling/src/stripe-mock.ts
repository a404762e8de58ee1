// Stripe's own stateless mock of its API (built from source by go-tools.ts), for the Stripe billing adapter's
// tests. It answers every documented endpoint from fixtures and checks requests against Stripe's OpenAPI
// description; it keeps no state and sends no webhooks.
import { ensureGoTool } from './go-tools.js';
import { runService, waitUntilReady, type Service } from './services.js';

export interface StripeMock extends Service {
  /** Where to point STRIPE_API_URL. */
  url: string;
}

/**
 * stripe-mock serving plain HTTP on 127.0.0.1:`port`. Its HTTPS listener, which it always opens (by default on
 * port 12112 of every interface, so that two mocks on one machine collide), goes to a loopback port the system
 * chooses; nothing uses it.
 */
export async function startStripeMock({ port }: { port: number }): Promise<StripeMock> {
  const binary = ensureGoTool('stripe-mock');
  const server = runService('stripe-mock', binary, ['-http-addr', `127.0.0.1:${port}`, '-https-addr', '127.0.0.1:']);
  const url = `http://127.0.0.1:${port}`;
  // Any answer (a request without a key is refused with 401) means it is listening.
  await waitUntilReady(server, () => fetch(`${url}/v1/customers`).then(() => true), 60_000);
  return { ...server, url };
}
