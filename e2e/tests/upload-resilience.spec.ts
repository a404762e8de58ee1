import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpCoach } from '../support/journey';
import { recording, sha256File, throttleUploads } from '../support/media';
import { freePort, newDataDir, startProduct } from '../support/product';

test.describe.configure({ timeout: 240_000 });

const MB = 1024 * 1024;

test('an upload survives the API being killed outright: it resumes after the restart and the stored bytes are the file', async ({ page }) => {
  const dataDir = await newDataDir();
  const port = await freePort();
  const mailPorts = { smtp: await freePort(), web: await freePort() };
  let product = await startProduct(dataDir, port, {}, mailPorts);
  try {
    await signUpCoach(page, product.mailUrl, `survivor-${Date.now()}@club.example`, 'resume-secret', product.url);
    const file = await recording('Cup final.mp4', 'mp4', 40 * MB);
    await throttleUploads(page, 4 * MB);

    await page.goto(`${product.url}/upload`);
    await page.getByLabel('Recording file').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const percent = async () => Number((await page.getByTestId('upload-percent').textContent())!.replace('%', ''));
    await expect.poll(percent, { timeout: 60_000 }).toBeGreaterThanOrEqual(25);

    product.process.kill('SIGKILL');
    await product.exited;
    const before = await percent();
    expect(before).toBeLessThan(100);
    // The task keeps retrying (waits of 1 s, 2 s, 4 s, …) while the API is down.
    await expect(page.getByTestId('upload-state')).toHaveText('Uploading');

    product = await startProduct(dataDir, port, {}, mailPorts);
    await expect(page.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 120_000 });

    const sessions = readdirSync(path.join(dataDir, 'objects', 'sessions'));
    expect(sessions).toHaveLength(1);
    expect(await sha256File(path.join(dataDir, 'objects', 'sessions', sessions[0]!, 'recording'))).toBe(await sha256File(file));
    // Nothing of the upload is left in the staging area.
    await expect.poll(() => readdirSync(path.join(dataDir, 'objects', 'uploads'))).toEqual([]);
  } finally {
    product.process.kill('SIGTERM');
    await product.exited;
  }
});
