import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from '../support/mail';
import { captureBearer, recording } from '../support/media';
import { freePort, newDataDir, repoRoot } from '../support/product';

/**
 * The production topology (`npm run stack:native`: Keycloak in production mode behind /auth, MinIO with the
 * bucket bootstrap, an SMTP catcher, PostgreSQL, the API, a separate worker and nginx in front), driven
 * through its single entry point as a coach would.
 */
test.describe.configure({ timeout: 420_000 });

let stack: ChildProcess;
let url: string;
let mailUrl: string;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(400_000);
  dataDir = await newDataDir();
  const port = await freePort();
  const [smtp, web] = [await freePort(), await freePort()];
  url = `http://127.0.0.1:${port}`;
  mailUrl = `http://127.0.0.1:${web}`;
  stack = spawn(process.execPath, [path.join(repoRoot, 'infra/bin/stack-native.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      STACK_PORT: String(port),
      STACK_DATA_DIR: dataDir,
      STACK_MAIL_SMTP_PORT: String(smtp),
      STACK_MAIL_WEB_PORT: String(web),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  stack.stdout!.on('data', (c) => (output += c));
  stack.stderr!.on('data', (c) => (output += c));
  const deadline = Date.now() + 380_000;
  while (!output.includes('ready at')) {
    if (stack.exitCode !== null) throw new Error(`the native stack exited:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`the native stack did not start:\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (!stack || stack.exitCode !== null) return;
  const exited = new Promise((r) => stack.once('exit', r));
  stack.kill('SIGTERM');
  await exited;
});

test('sign up with Keycloak, verify by email, log in and upload a recording through the single entry point', async ({ page }) => {
  const email = `stack-${Date.now()}@club.example`;
  const password = 'stack-secret-1';
  const ownOrigin = (u: string) => u.startsWith(url);
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!ownOrigin(r.url()) && !r.url().startsWith('data:')) foreign.push(r.url());
  });

  await page.goto(`${url}/signup?plan=Coach`);
  await page.getByLabel('Username').fill('Stack Coach');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Keycloak's registration page, served on the same origin under /auth.
  await expect(page).toHaveURL(new RegExp(`^${url}/auth/realms/touchline/`));
  await page.locator('input[name=firstName]').fill('Stack');
  await page.locator('input[name=lastName]').fill('Coach');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('You need to verify your email address')).toBeVisible();

  const mail = await waitForMail(mailUrl, email, /Verify email/);
  await page.goto(linkIn(mail.text));
  await page.locator('input[name=password-new]').fill(password);
  await page.locator('input[name=password-confirm]').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(`${url}/dashboard/overview`);

  // Log out and in again with the password.
  await page.getByTestId('sidebar').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${url}/`);
  await page.goto(`${url}/login`);
  await page.locator('input[name=username]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password]').press('Enter');
  await expect(page).toHaveURL(`${url}/dashboard/overview`);

  // A chunked upload through nginx to the API, stored in MinIO.
  const file = await recording('Stack session.mp4', 'mp4', 3 * 1024 * 1024);
  const bearerOf = captureBearer(page);
  await page.goto(`${url}/upload`);
  await page.getByLabel('Recording file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 60_000 });
  await page.getByRole('link', { name: 'Open its report' }).click();
  await page.getByRole('link', { name: 'All sessions' }).click();
  const row = page.getByTestId('session-row').filter({ hasText: 'Stack session' });
  await expect(row).toBeVisible();

  // The recording is served from the bucket through the same entry point, with a presigned URL.
  const bearer = bearerOf();
  const { items: sessions } = (await (await fetch(`${url}/api/sessions`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as {
    items: { id: string }[];
  };
  const media = (await (await fetch(`${url}/api/sessions/${sessions[0]!.id}/media`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as {
    url: string;
  };
  // The recording is the object tus completed, under its upload id (no copy under another key).
  expect(media.url).toMatch(new RegExp(`^${url}/touchline-media/[0-9a-f]{32}\\?.*X-Amz-Signature=`));
  const stored = Buffer.from(await (await fetch(media.url)).arrayBuffer());
  expect(stored.equals(readFileSync(file))).toBe(true);
  // Without the signature the bucket is closed.
  expect((await fetch(media.url.split('?')[0]!)).status).toBe(403);

  // The worker runs as its own process and is alive: it takes the analysis job. The file is noise behind an
  // MP4 header, so the analysis ends failed, with the reason a coach reads.
  expect(Date.now() - statSync(path.join(dataDir, 'worker.heartbeat')).mtimeMs).toBeLessThan(60_000);
  await expect
    .poll(
      async () => {
        const session = (await (await fetch(`${url}/api/sessions/${sessions[0]!.id}`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as {
          processingStatus: string;
          failureReason: string | null;
        };
        return `${session.processingStatus}: ${session.failureReason}`;
      },
      { timeout: 60_000 },
    )
    .toBe('failed: The recording could not be read: the file is damaged or incomplete.');
  await page.reload();
  await expect(row).toContainText('Analysis failed');
  // Everything the browser loaded came from the one entry point.
  expect(foreign).toEqual([]);
});
