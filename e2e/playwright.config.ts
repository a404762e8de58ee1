import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { baseURL, mailSmtpPort, mailUrl, port } from './support/env';


const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'touchline-e2e-web-'));


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
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAILDEV_SMTP_PORT: String(mailSmtpPort),
      MAILDEV_WEB_PORT: mailUrl.split(':').pop()!,
    },
    stdout: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
    stderr: 'pipe',
  },
});
