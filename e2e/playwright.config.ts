import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import * as env from './support/env';

const tempDir = (name: string) => mkdtempSync(path.join(tmpdir(), `touchline-e2e-${name}-`));
/** E2E_SKIP_KEYCLOAK=1 leaves Keycloak (a minute to start) out of a quick local run; CI always runs it. */
const withKeycloak = !process.env.E2E_SKIP_KEYCLOAK;
const keycloakAdminSecret = randomBytes(18).toString('base64url');

const browser = {
  ...devices['Desktop Chrome'],
  channel: undefined,
  launchOptions: {
    // Debian's Chromium; a browser download is impossible on these machines.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  },
};

/** The product as `npm start` runs it, on its own port, data directory and mail catcher. */
function product(
  port: number,
  mailSmtpPort: number,
  mailUrl: string,
  name: string,
  extra: Record<string, string> = {},
  /** null: none, so npm start takes http://localhost:$PORT as the README says. */
  publicUrl: string | null = `http://127.0.0.1:${port}`,
) {
  // Tests that act as the installation admin (npm run admin) work on the embedded product's data directory. Workers
  // load this file again and inherit the runner's environment, so they find the same folder.
  const dataDir = name === 'embedded' ? (process.env.E2E_PRODUCT_DATA_DIR ??= tempDir(name)) : tempDir(name);
  return {
    command: 'node ../infra/bin/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    env: {
      PORT: String(port),
      ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAILDEV_SMTP_PORT: String(mailSmtpPort),
      MAILDEV_WEB_PORT: mailUrl.split(':').pop()!,
      // The browser tests check the product's screens, not the recogniser: pocketsphinx (which `npm test` installs)
      // rather than the default, which would install and start a Whisper sidecar for every product.
      TRANSCRIBER: 'pocketsphinx',
      ...extra,
    },
    stdout: process.env.E2E_SERVER_LOGS ? ('pipe' as const) : ('ignore' as const),
    stderr: 'pipe' as const,
  };
}

/**
 * The shipped catalogue with a Stripe price id on every price, for the billing product: stripe-mock accepts any
 * id. Written once; workers load this file again and find it through the environment.
 */
function stripeCatalogue(): string {
  if (process.env.E2E_BILLING_PLANS_FILE) return process.env.E2E_BILLING_PLANS_FILE;
  let n = 0;
  const text = readFileSync(path.resolve(__dirname, '../api/plans/plans.yaml'), 'utf8').replace(
    /currency: eur \}/g,
    () => `currency: eur, stripePrice: price_touchline_${++n} }`,
  );
  const file = path.join(tempDir('billing-plans'), 'plans.yaml');
  writeFileSync(file, text);
  return (process.env.E2E_BILLING_PLANS_FILE = file);
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  // The test tooling (@touchline/tooling) is built JavaScript modules already: loaded by Node as they are.
  build: { external: ['**/tooling/dist/**'] },
  use: { baseURL: env.baseURL, trace: 'retain-on-failure' },
  projects: [
    { name: 'product', testMatch: /lifecycle\.spec\.ts/ },
    {
      name: 'chromium',
      testIgnore: /lifecycle\.spec\.ts|identity-keycloak\.spec\.ts|stack-native\.spec\.ts|stack-compose\.spec\.ts|billing\.spec\.ts/,
      use: browser,
    },
    { name: 'billing', testMatch: /billing\.spec\.ts/, use: { ...browser, baseURL: env.billingProductURL } },
    // The production topology, started natively by the test itself (npm run stack:native).
    ...(withKeycloak ? [{ name: 'stack', testMatch: /stack-native\.spec\.ts/, use: browser }] : []),
    // The production stack itself: docker-compose.yml in Docker Engine, started by the test with testcontainers.
    // E2E_SKIP_COMPOSE=1 leaves it out of a quick local run (its first build takes a quarter of an hour); CI runs it.
    ...(withKeycloak && !process.env.E2E_SKIP_COMPOSE ? [{ name: 'compose', testMatch: /stack-compose\.spec\.ts/, use: browser }] : []),
    // Third-party cookies blocked, as Safari, Firefox and Chrome's incognito windows do: Keycloak's cookies then never
    // reach a frame of another site, which signed-out pages must survive (keycloak-js's silent check).
    ...(withKeycloak
      ? [
          {
            name: 'keycloak',
            testMatch: /identity-keycloak\.spec\.ts/,
            use: {
              ...browser,
              launchOptions: { ...browser.launchOptions, args: [...browser.launchOptions.args, '--test-third-party-cookie-phaseout'] },
              baseURL: env.keycloakProductURL,
            },
          },
        ]
      : []),
  ],
  webServer: [
    product(env.port, env.mailSmtpPort, env.mailUrl, 'embedded'),
    // Billing through Stripe, against stripe-mock (no request leaves the machine; no webhook is ever sent).
    {
      command: 'node ../infra/bin/stripe-mock.mjs',
      // Any answer means it listens: a request without a key is refused with 401.
      url: `http://127.0.0.1:${env.stripeMockPort}/v1/customers`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: { STRIPE_MOCK_PORT: String(env.stripeMockPort) },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    product(env.billingProductPort, env.billingMailSmtpPort, env.billingMailUrl, 'billing', {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_touchline',
      STRIPE_WEBHOOK_SECRET: 'whsec_touchlinebrowsertests',
      STRIPE_API_URL: `http://127.0.0.1:${env.stripeMockPort}`,
      PLANS_FILE: stripeCatalogue(),
    }),
    ...(withKeycloak
      ? [
          {
            command: 'node ../infra/bin/keycloak.mjs',
            url: `${env.keycloakListenURL}/realms/touchline/.well-known/openid-configuration`,
            reuseExistingServer: false,
            timeout: 300_000,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
            env: {
              KEYCLOAK_PORT: String(env.keycloakPort),
              KEYCLOAK_MANAGEMENT_PORT: String(env.keycloakManagementPort),
              KEYCLOAK_DATA_DIR: tempDir('keycloak'),
              KEYCLOAK_ADMIN_CLIENT_SECRET: keycloakAdminSecret,
              // The product's address from its PORT, as the README's "PORT=8095 npm run keycloak" (no PUBLIC_URL).
              PORT: String(env.keycloakProductPort),
              SMTP_PORT: String(env.keycloakMailSmtpPort),
            },
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
          // As the README starts it: PORT=<port> IDENTITY_PROVIDER=keycloak KEYCLOAK_URL=http://localhost:<port> npm start.
          product(
            env.keycloakProductPort,
            env.keycloakMailSmtpPort,
            env.keycloakMailUrl,
            'keycloak',
            { IDENTITY_PROVIDER: 'keycloak', KEYCLOAK_URL: env.keycloakURL, KEYCLOAK_ADMIN_CLIENT_SECRET: keycloakAdminSecret },
            null,
          ),
        ]
      : []),
  ],
});
