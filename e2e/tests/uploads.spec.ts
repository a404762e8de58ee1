import { createHash } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, mailUrl } from '../support/env';
import { signInCoach, signUpCoach } from '../support/journey';
import { captureBearer, recording, sha256File, throttleUploads } from '../support/media';
import { generateSession } from '@touchline/tooling';

/** The /upload screen against the embedded product, one coach, in order. */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const email = `uploader-${Date.now()}@club.example`;
const password = 'upload-secret';
const MB = 1024 * 1024;

test('a 100 KB audio recording goes up in one request and is listed with its status', async ({ page }) => {
  await signUpCoach(page, mailUrl, email, password);
  const file = await recording('Tuesday drills.wav', 'wav', 100 * 1024);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/uploads')) uploads.push(r.method());
  });

  await page.goto('/upload');
  await page.getByLabel('Recording file').setInputFiles(file);
  await expect(page.getByTestId('chosen-file')).toHaveText('Tuesday drills.wav');
  await expect(page.getByLabel('Title')).toHaveValue('Tuesday drills');
  await expect(page.getByRole('radio', { name: 'Audio' })).toBeChecked();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete');
  await expect(page.getByTestId('upload-percent')).toHaveText('100%');
  expect(uploads).toEqual(['POST']);

  // The link goes to the new session's own page, which says where its analysis stands.
  await page.getByRole('link', { name: 'Open its report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tuesday drills' })).toBeVisible();
  await page.getByRole('link', { name: 'All sessions' }).click();
  const row = page.getByTestId('session-row').filter({ hasText: 'Tuesday drills' });
  // The analysis starts at once in the background; whichever moment the list shows, it says where it is.
  await expect(row).toContainText(/Waiting for analysis|Analysing|Analysed/);
  await expect(row).toContainText('100 KB');
});

test('a file that is not a recording is refused before anything is sent', async ({ page }) => {
  await signInCoach(page, email, password);
  await page.goto('/upload');
  await page.getByLabel('Recording file').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
  await expect(page.getByRole('alert')).toHaveText(/This file type is not supported/);
});

test('a 40 MB video pauses and resumes, and the stored bytes are the file', async ({ page }) => {
  await signInCoach(page, email, password);
  const bearer = captureBearer(page);
  const file = await recording('Saturday match.mp4', 'mp4', 40 * MB);
  await throttleUploads(page, 8 * MB);
  const patches: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/uploads/')) patches.push(Number(r.headers()['upload-offset']));
  });

  await page.goto('/upload');
  await page.getByLabel('Recording file').setInputFiles(file);
  await expect(page.getByRole('radio', { name: 'Video' })).toBeChecked();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  const percent = async () => Number((await page.getByTestId('upload-percent').textContent())!.replace('%', ''));
  await expect.poll(percent, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('upload-state')).toHaveText('Paused');
  const pausedAt = await percent();
  expect(pausedAt).toBeLessThan(100);
  await page.waitForTimeout(1500);
  expect(await percent()).toBe(pausedAt);

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 90_000 });

  // Chunks double from 256 KB; the resumed PATCH starts at the offset the server reported.
  expect(patches.slice(0, 3)).toEqual([0, 256 * 1024, 768 * 1024]);
  const token = bearer();
  const { items: sessions } = (await (await fetch(`${baseURL}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: { id: string; title: string; contentType: string }[];
  };
  const session = sessions.find((s) => s.title === 'Saturday match')!;
  expect(session.contentType).toBe('video/mp4');
  const { url } = (await (await fetch(`${baseURL}/api/sessions/${session.id}/media`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    url: string;
  };
  const stored = Buffer.from(await (await fetch(url)).arrayBuffer());
  expect(createHash('sha256').update(stored).digest('hex')).toBe(await sha256File(file));
  expect(stored.length).toBe((await readFile(file)).length);
});

test('a spoken session is analysed; its report shows the talk metrics, and a click on a speech segment seeks the player', async ({ page }) => {
  await signInCoach(page, email, password);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-spoken-')), 'Thursday session.wav');
  const { truth } = generateSession({
    file,
    seconds: 24,
    snrDb: 20,
    script: [
      { text: 'Two touch only, and call for the ball.', at: 1.5 },
      { text: 'Good, now switch the play to the far side.', at: 9 },
      { text: 'Brilliant work everybody.', at: 18 },
    ],
  }) as { truth: { start: number; end: number }[] };

  await page.goto('/upload');
  await page.getByLabel('Recording file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete');
  await page.getByRole('link', { name: 'Open its report' }).click();
  await expect(page.getByRole('heading', { name: 'Thursday session' })).toBeVisible();

  // No polling (docs/product-spec.md §9): the coach asks again until the analysis is done.
  const metrics = page.getByRole('definition').first();
  await expect(async () => {
    await checkAgain(page);
    await expect(metrics).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  const card = (label: string) =>
    page
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd');
  await expect(card('Interventions')).toHaveText('3');
  await expect(card('Session length')).toHaveText('24.0 s');
  const segments = page.getByTestId('timeline').getByRole('button');
  await expect(segments).toHaveCount(3);

  const player = page.getByTestId('player');
  // The signed media URL loads (metadata first), then the click seeks into the second stretch of speech.
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await segments.nth(1).click();
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThanOrEqual(truth[1]!.start - 0.5);
  expect(await player.evaluate((el: HTMLMediaElement) => el.currentTime)).toBeLessThan(truth[1]!.end);

  // The coaching report: style, the five category scores, and the coded transcript (pocketsphinx is installed).
  await expect(page.getByTestId('coaching-style')).toHaveText(/^(Hands-off|Balanced)$/);
  await expect(page.getByRole('heading', { name: 'Skill categories' })).toBeVisible();
  for (const category of ['technical', 'tactical', 'communication', 'management', 'engagement']) {
    await expect(page.getByTestId(`score-${category}`)).toContainText(/\d+/);
  }
  await expect(page.getByTestId('transcriber')).toContainText('pocketsphinx');
  const utterances = page.getByRole('list', { name: 'Utterances' }).getByRole('listitem');
  await expect(utterances).toHaveCount(3);
  await utterances
    .nth(2)
    .getByRole('button', { name: /^Play from / })
    .click();
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThanOrEqual(truth[2]!.start - 0.5);

  // The overview lists it among the latest sessions and charts its scores; the sessions list finds it by name.
  await page.goto('/dashboard/overview');
  await expect(page.getByRole('heading', { name: 'Latest sessions' })).toBeVisible();
  await expect(page.getByTestId('latest-session').filter({ hasText: 'Thursday session' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trend' })).toBeVisible();
  await page.goto('/dashboard/sessions');
  await page.getByLabel('Search').fill('thursday');
  await expect(page).toHaveURL(/search=thursday/);
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await expect(page.getByTestId('session-row')).toContainText('Thursday session');
  await page.getByLabel('Search').fill('no such session');
  await expect(page.getByText('No sessions match.')).toBeVisible();
});

test('a noisy recording: the categories that rest on the garbled transcript say "Not enough clear speech to score"', async ({ page }) => {
  await signInCoach(page, email, password);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-noisy-')), 'Windy session.wav');
  // Field noise 6 dB below the speech: the recogniser hears words, but is unsure of most of them.
  generateSession({
    file,
    seconds: 30,
    snrDb: 6,
    script: [
      { text: 'Keep your head up and pass to the open player.', at: 1.5 },
      { text: 'Why did you choose that pass?', at: 10 },
      { text: 'Great job, well done!', at: 20 },
    ],
  });
  await page.goto('/upload');
  await page.getByLabel('Recording file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete');
  await page.getByRole('link', { name: 'Open its report' }).click();
  await expect(page.getByRole('heading', { name: 'Windy session' })).toBeVisible();
  await expect(async () => {
    await checkAgain(page);
    await expect(page.getByRole('heading', { name: 'Skill categories' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });

  // Technical, tactical and engagement rest on the transcript alone: no number, the reason instead.
  for (const category of ['technical', 'tactical', 'engagement']) {
    const card = page.getByTestId(`score-${category}`);
    await expect(card).toContainText('Not enough clear speech to score');
    await expect(card).toContainText(/the recogniser's confidence in the words it heard was \d+ %/);
    await expect(card).not.toContainText(/out of 100/);
  }
  // Communication and management have timing indicators too: scored from those, and the report says so.
  for (const category of ['communication', 'management']) {
    await expect(page.getByTestId(`score-${category}`)).toContainText(/out of 100/);
    await expect(page.getByTestId(`score-${category}`)).toContainText('timing alone');
  }
});

/**
 * "Check again" while the analysis runs. The report also arrives live, and the button goes with it, possibly between
 * seeing the button and clicking it: the click then has nothing left to do.
 */
async function checkAgain(page: Page) {
  const button = page.getByRole('button', { name: 'Check again' });
  if (await button.isVisible()) await button.click({ timeout: 1000 }).catch(() => undefined);
}
