import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { mailUrl } from '../support/env';
import { signUpCoach } from '../support/journey';
import { generateSession } from '@touchline/tooling';

test.describe.configure({ timeout: 240_000 });

/** Every "Analysing… N%" the report page shows, as it shows them (recorded in the page, without polling it). */
function recordProgress() {
  const seen: number[] = [];
  (window as unknown as { progressSeen: number[] }).progressSeen = seen;
  new MutationObserver(() => {
    const match = /Analysing… (\d+)%/.exec(document.body.textContent ?? '');
    if (match && Number(match[1]) !== seen.at(-1)) seen.push(Number(match[1]));
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

test('the report page and the sessions list follow the analysis live, without a reload', async ({ browser }) => {
  const context = await browser.newContext();
  const list = await context.newPage();
  await signUpCoach(list, mailUrl, `live-${Date.now()}@club.example`, 'live-secret');
  await list.goto('/dashboard/sessions');
  await expect(list.getByText(/^No sessions yet/)).toBeVisible();

  // A long, mostly quiet recording: its analysis runs for a few seconds, in steps of 5%.
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-live-')), 'Live session.wav');
  generateSession({
    file,
    seconds: 1200,
    snrDb: 20,
    script: [
      { text: 'Look up before you pass.', at: 5 },
      { text: 'Well done, keep the ball moving.', at: 600 },
    ],
  });

  const report = await context.newPage();
  await report.addInitScript(recordProgress);
  await report.goto('/upload');
  await report.getByLabel('Recording file').setInputFiles(file);
  await report.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(report.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 120_000 });
  await report.getByRole('link', { name: 'Open its report' }).click();
  await expect(report.getByRole('heading', { name: 'Live session' })).toBeVisible();
  await report.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // The coach stays on the page: the percentage moves and the report replaces it, with no click and no reload.
  await expect(report.getByTestId('coaching-style')).toBeVisible({ timeout: 120_000 });
  await expect(report.getByRole('definition').first()).toBeVisible();
  const seen = await report.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(seen.filter((p) => p > 0 && p < 100).length, `progress shown: ${seen.join(', ')}`).toBeGreaterThanOrEqual(2);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(await report.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // The sessions list opened before the upload shows the new session and its status, also without a reload.
  const row = list.getByTestId('session-row').filter({ hasText: 'Live session' });
  await expect(row).toContainText('Analysed');
  await context.close();
});
