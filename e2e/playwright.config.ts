import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18_765);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'touchline-e2e-web-'));

export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; a browser download is impossible on these machines.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [
    { name: 'product', testMatch: /lifecycle\.spec\.ts/ },
    { name: 'chromium', testIgnore: /lifecycle\.spec\.ts/, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node ../infra/bin/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
