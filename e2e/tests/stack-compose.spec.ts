import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DockerComposeEnvironment, type StartedDockerComposeEnvironment } from 'testcontainers';
import { captureBearer, recording, throttleUploads } from '../support/media';
import { linkIn } from '../support/mail';
import { waitForMailpit } from '../support/mailpit';
import { freePort, repoRoot } from '../support/product';
import {
  buildOfflineImages,
  composeArguments,
  ensureDocker,
  generateSession,
  OFFLINE_COMPOSE_FILE,
  pruneBuildLeftovers,
  upstreamRegistryReachable,
} from '@touchline/tooling';

/**
 * The production stack as a club runs it: the real docker-compose.yml started by testcontainers (with the offline
 * images' file where no image registry answers, and this run's own image tag, ports and secrets), driven in
 * Chromium through nginx alone — Keycloak, Mailpit, MinIO, PostgreSQL, two API and two worker containers
 * (`STACK_REPLICAS=2`, nginx balancing them without sticky sessions) and the Whisper transcriber.
 */
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const project = 'touchline-e2e';
/** Back from Keycloak to the app: the code exchange and the first API calls, on a whole stack sharing two cores. */
const SIGN_IN_MS = 30_000;
/** How long Keycloak may take, once its container is healthy again, before its pages answer through nginx. */
const KEYCLOAK_BACK_MS = 180_000;
const secret = () => randomBytes(20).toString('hex');
let offline = false;
let stack: StartedDockerComposeEnvironment | undefined;
let settings: Record<string, string>;
let url: string;
let mailUrl: string;
let context: BrowserContext;
let page: Page;
const email = `compose-${Date.now()}@club.example`;
let password = 'compose-secret-1';

/**
 * The release the upgrade drill starts from: the last commit a club could have deployed before this one. Move it
 * to the commit of each release as the next one starts; its images are built once per machine and kept.
 */
const PREVIOUS_RELEASE = '2fc89b7';

/**
 * A fresh sign-in on Keycloak's page (no session kept from before): the journey's coach unless told otherwise. Where
 * the app says sign-in is unavailable (Keycloak still starting after a restart), the coach presses "Try again", as the
 * page asks, until Keycloak's page opens.
 */
async function signIn(on: Page = page, address = email, secret = password): Promise<void> {
  await on.context().clearCookies();
  await on.goto(`${url}/login`);
  const username = on.locator('input[name=username]');
  const tryAgain = on.getByRole('button', { name: 'Try again' });
  await expect(async () => {
    if (await tryAgain.isVisible()) await tryAgain.click({ timeout: 5_000 });
    await expect(username).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: KEYCLOAK_BACK_MS });
  await username.fill(address);
  await on.locator('input[name=password]').fill(secret);
  await on.locator('input[name=password]').press('Enter');
  await expect(on).toHaveURL(`${url}/dashboard/overview`, { timeout: SIGN_IN_MS });
}

/**
 * The rest of a sign-up the app started on Keycloak's registration page: the names, the verification mail Mailpit
 * caught, and the password chosen on the verified link; Keycloak then sends the browser back to the app.
 */
async function registerOnKeycloak(on: Page, address: string, secret: string): Promise<void> {
  await expect(on).toHaveURL(new RegExp(`^${url}/auth/realms/touchline/`));
  await on.locator('input[name=firstName]').fill('Compose');
  await on.locator('input[name=lastName]').fill('Coach');
  await on.getByRole('button', { name: 'Register' }).click();
  await expect(on.getByText('You need to verify your email address')).toBeVisible();
  const mail = await waitForMailpit(mailUrl, address, /Verify email/);
  await on.goto(linkIn(mail.text));
  await on.locator('input[name=password-new]').fill(secret);
  await on.locator('input[name=password-confirm]').fill(secret);
  await on.getByRole('button', { name: 'Submit' }).click();
}

/** The stored recording of the coach's session titled `title`, read through its presigned URL as the player does. */
async function storedRecording(bearer: string, title: string): Promise<Buffer> {
  const headers = { authorization: `Bearer ${bearer}` };
  const { items } = (await (await fetch(`${url}/api/sessions?search=${encodeURIComponent(title)}`, { headers })).json()) as {
    items: { id: string; title: string }[];
  };
  const session = items.find((s) => s.title === title)!;
  const media = (await (await fetch(`${url}/api/sessions/${session.id}/media`, { headers })).json()) as { url: string };
  return Buffer.from(await (await fetch(media.url)).arrayBuffer());
}

/** A 40 MB recording uploaded at 2 MB/s from /upload, so that the stack can be disturbed under it; its progress. */
async function startSlowUpload(name: string): Promise<{ file: string; percent: () => Promise<number> }> {
  const MB = 1024 * 1024;
  const file = await recording(name, 'mp4', 40 * MB);
  await page.goto(`${url}/upload`);
  await throttleUploads(page, 2 * MB);
  await page.getByLabel('Recording file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  return { file, percent: async () => Number((await page.getByTestId('upload-percent').textContent())!.replace('%', '')) };
}

/** `docker compose …` on this run's project, as an operator types it. */
function compose(...args: string[]): string {
  return execFileSync('docker', ['compose', ...composeArguments({ offline, projectName: project }), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...settings },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

test.beforeAll(async ({ browser }) => {
  // First run on a machine: the base images, the product's images and the transcriber's are built (cached after).
  test.setTimeout(40 * 60_000);
  // Testcontainers' reaper is an image from Docker Hub; the stack is taken down by afterAll instead.
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  // The stack publishes its ports on loopback only. Where /.dockerenv exists (a test machine that is itself a
  // container), testcontainers would check them on the bridge gateway, where nothing listens.
  process.env.TESTCONTAINERS_HOST_OVERRIDE = '127.0.0.1';
  await ensureDocker();
  offline = !(await upstreamRegistryReachable());
  if (offline) await buildOfflineImages();
  const [webPort, mailPort] = [await freePort(), await freePort()];
  url = `http://127.0.0.1:${webPort}`;
  mailUrl = `http://127.0.0.1:${mailPort}`;
  settings = {
    TOUCHLINE_VERSION: 'e2e',
    PUBLIC_URL: url,
    WEB_BIND: '127.0.0.1',
    WEB_PORT: String(webPort),
    MAILPIT_UI_PORT: String(mailPort),
    POSTGRES_PASSWORD: secret(),
    KEYCLOAK_DB_PASSWORD: secret(),
    KC_BOOTSTRAP_ADMIN_PASSWORD: secret(),
    KEYCLOAK_ADMIN_CLIENT_SECRET: secret(),
    MINIO_ROOT_PASSWORD: secret(),
    S3_SECRET_KEY: secret(),
    LOG_LEVEL: 'warn',
  };
  // A run that was killed leaves its containers and volumes: start from empty ones.
  compose('down', '--volumes', '--remove-orphans', '--timeout', '5');
  stack = await new DockerComposeEnvironment(repoRoot, ['docker-compose.yml', ...(offline ? [OFFLINE_COMPOSE_FILE] : [])])
    .withProjectName(project)
    .withEnvironment(settings)
    .withBuild()
    .withClientOptions({ commandOptions: ['--wait', '--wait-timeout', '900', '--scale', 'api=2', '--scale', 'worker=2'] })
    .up();
  context = await browser.newContext();
  page = await context.newPage();
});

// A failed test keeps what the services logged (compose-logs.txt beside its error context; `npm test` prints its end).
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !stack) return;
  const logs = (() => {
    try {
      return compose('logs', '--no-color', '--timestamps', '--tail', '200', 'api', 'worker', 'web', 'minio');
    } catch (error) {
      return `docker compose logs failed: ${(error as Error).message}`;
    }
  })();
  await writeFile(testInfo.outputPath('compose-logs.txt'), logs);
});

test.afterAll(async () => {
  await context?.close();
  await stack?.down({ removeVolumes: true, timeout: 10_000 });
  pruneBuildLeftovers(project);
});

test('a coach signs up on Keycloak, verifies with the mail Mailpit caught, and signs in through nginx', async () => {
  await page.goto(`${url}/signup?plan=Coach`);
  await page.getByLabel('Username').fill('Compose Coach');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await registerOnKeycloak(page, email, password);
  await expect(page).toHaveURL(`${url}/dashboard/overview`, { timeout: SIGN_IN_MS });

  await page.getByTestId('sidebar').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${url}/`);
  await signIn();
});

test('a spoken session uploads with tus through nginx into MinIO, the worker analyses it with Whisper, and the report follows live and plays it', async () => {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-compose-')), 'Pressing drill.wav');
  generateSession({
    file,
    seconds: 45,
    snrDb: 25,
    script: [
      { text: 'Sam, press the ball now.', at: 3 },
      { text: 'Well done Jamie, great pass.', at: 14 },
      { text: 'Where is your next pass going?', at: 26 },
      { text: 'Keep your shape and stay compact.', at: 36 },
    ],
  });
  const bearerOf = captureBearer(page);
  await page.goto(`${url}/upload`);
  await page.getByLabel('Recording file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 120_000 });
  await page.getByRole('link', { name: 'Open its report' }).click();
  await expect(page.getByRole('heading', { name: 'Pressing drill' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // The status arrives over server-sent events through nginx: the report replaces the progress without a reload.
  await expect(page.getByTestId('coaching-style')).toBeVisible({ timeout: 300_000 });
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Whisper's words, not a basic recogniser's: the coach's lines are in the transcript.
  const bearer = bearerOf()!;
  const { items } = (await (await fetch(`${url}/api/sessions`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { items: { id: string }[] };
  const report = (await (await fetch(`${url}/api/sessions/${items[0]!.id}/report`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as Record<
    string,
    unknown
  >;
  const words = JSON.stringify(report).toLowerCase();
  for (const phrase of ['press the ball', 'great pass', 'next pass', 'stay compact']) expect(words).toContain(phrase);

  // The recording is the object tus completed in MinIO, served through nginx with a presigned URL, and it plays.
  const media = (await (await fetch(`${url}/api/sessions/${items[0]!.id}/media`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as {
    url: string;
  };
  expect(media.url.startsWith(`${url}/touchline-media/`)).toBe(true);
  expect(Buffer.from(await (await fetch(media.url)).arrayBuffer()).equals(readFileSync(file))).toBe(true);
  await page.getByTestId('player').evaluate((el) => (el as HTMLMediaElement).play());
  await expect.poll(() => page.getByTestId('player').evaluate((el) => (el as HTMLMediaElement).currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
});

test("a coach resets a forgotten password with Keycloak's mail", async () => {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto(`${url}/login`);
  await page.getByRole('link', { name: /Forgot Password/i }).click();
  await page.locator('input[name=username]').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  const mail = await waitForMailpit(mailUrl, email, /Reset password/i);
  await page.goto(linkIn(mail.text));
  password = 'compose-secret-2';
  await page.locator('input[name=password-new]').fill(password);
  await page.locator('input[name=password-confirm]').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(`${url}/dashboard/overview`, { timeout: SIGN_IN_MS });
});

test('on Pro, given by the club with the admin command in the API container, a review link opens signed out', async ({ browser }) => {
  expect(compose('exec', '-T', 'api', 'node', 'api/dist/cli/admin.js', 'set-plan', email, 'Pro').trim()).toBe(`${email} is now on Pro.`);
  await page.goto(`${url}/dashboard/sessions`);
  await page.getByTestId('session-row').filter({ hasText: 'Pressing drill' }).getByRole('link').first().click();
  await expect(page.getByTestId('coaching-style')).toBeVisible();
  await page.getByLabel('Reviewer').fill('Alex from the academy');
  await page.getByRole('button', { name: 'Create review link' }).click();
  const link = await page.getByTestId('review-link-url').inputValue();
  expect(link.startsWith(`${url}/`)).toBe(true);

  const reviewer = await (await browser.newContext()).newPage();
  await reviewer.goto(link);
  await expect(reviewer.getByRole('heading', { name: 'Pressing drill' })).toBeVisible();
  await expect(reviewer.getByTestId('review-player')).toBeVisible();
  await reviewer.context().close();
});

test('on Elite, the admin invites a coach by email; the invitee signs up on Keycloak from the mail and joins the team', async ({ browser }) => {
  const inviteeEmail = `compose-invitee-${Date.now()}@club.example`;
  expect(compose('exec', '-T', 'api', 'node', 'api/dist/cli/admin.js', 'set-plan', email, 'Elite').trim()).toBe(`${email} is now on Elite.`);
  await page.goto(`${url}/dashboard/management`);
  await expect(page.getByRole('heading', { level: 1, name: 'Coach Management' })).toBeVisible({ timeout: SIGN_IN_MS });
  await page.getByLabel('Email', { exact: true }).fill(inviteeEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('Elite Coach');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toContainText(`Invitation sent to ${inviteeEmail}`);

  // The invitee, in a browser of their own, follows the mail's link, which names this installation's address.
  const invitee = await (await browser.newContext()).newPage();
  const link = linkIn((await waitForMailpit(mailUrl, inviteeEmail, /You are invited to join/)).text);
  expect(link.startsWith(`${url}/invite?token=`)).toBe(true);
  await invitee.goto(link);
  await expect(invitee.getByLabel('Email')).toHaveValue(inviteeEmail);
  await invitee.getByLabel('Username').fill('Compose Invitee');
  await invitee.getByRole('button', { name: 'Sign up and join' }).click();
  await registerOnKeycloak(invitee, inviteeEmail, 'invitee-secret-1');
  // Verified and signed in, the new coach is back on the invitation and accepts it.
  await expect(invitee).toHaveURL(new RegExp(`^${url}/invite\\?token=`), { timeout: SIGN_IN_MS });
  await invitee.getByRole('button', { name: /^Accept and join / }).click();
  await expect(invitee.getByRole('status').filter({ hasText: 'You have joined' })).toBeVisible();
  await invitee.context().close();

  // The admin sees the new member, and no invitation left pending.
  await page.reload();
  await expect(page.getByTestId('member-row').filter({ hasText: inviteeEmail })).toBeVisible({ timeout: SIGN_IN_MS });
  await expect(page.getByText('No pending invitations.')).toBeVisible();
});

test('an upload survives each API container being killed under it, resumes on the other, and keeps its bytes', async () => {
  const bearerOf = captureBearer(page);
  const { file, percent } = await startSlowUpload('Replica session.mp4');
  // Each replica in turn is killed while the upload runs, and started again; nginx sends the retries to the other.
  for (const [replica, at] of [
    [1, 15],
    [2, 55],
  ] as const) {
    await expect.poll(percent, { timeout: 120_000 }).toBeGreaterThanOrEqual(at);
    execFileSync('docker', ['kill', `${project}-api-${replica}`], { stdio: 'ignore' });
    const before = await percent();
    await expect.poll(percent, { timeout: 120_000 }).toBeGreaterThan(before);
    execFileSync('docker', ['start', `${project}-api-${replica}`], { stdio: 'ignore' });
  }
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 300_000 });

  expect((await storedRecording(bearerOf()!, 'Replica session')).equals(readFileSync(file))).toBe(true);
});

test('PostgreSQL, MinIO and Keycloak restarted while an upload runs: it resumes and completes with its bytes', async () => {
  const bearerOf = captureBearer(page);
  const { file, percent } = await startSlowUpload('Restart session.mp4');
  for (const [service, at] of [
    ['postgres', 15],
    ['minio', 45],
    ['keycloak', 70],
  ] as const) {
    await expect.poll(percent, { timeout: 180_000 }).toBeGreaterThanOrEqual(at);
    compose('restart', service);
  }
  await expect(page.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 300_000 });
  compose('up', '-d', '--wait', '--wait-timeout', '600', 'keycloak');
  // Healthy is Keycloak's own word; the realm's pages through nginx are what a coach signs in on.
  await expect
    .poll(async () => (await fetch(`${url}/auth/realms/touchline/.well-known/openid-configuration`).catch(() => null))?.status, {
      timeout: KEYCLOAK_BACK_MS,
    })
    .toBe(200);

  expect((await storedRecording(bearerOf()!, 'Restart session')).equals(readFileSync(file))).toBe(true);
});

test("a backup taken as the README says restores onto empty volumes: the coach's account, sessions, reports and recordings", async () => {
  const backup = await mkdtemp(path.join(tmpdir(), 'touchline-backup-'));
  const sh = (script: string) =>
    execFileSync('sh', ['-c', script], { cwd: repoRoot, env: { ...process.env, ...settings }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const dc = `docker compose ${composeArguments({ offline, projectName: project }).join(' ')}`;
  const mirror = (from: string, to: string) =>
    `${dc} run --rm --no-deps --user "$(id -u)" -e MC_CONFIG_DIR=/tmp/.mc -v "${backup}:/backup" --entrypoint sh minio-bootstrap ` +
    `-c 'mc alias set s http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null && mc mirror --overwrite "${from}" "${to}"'`;
  const bearerOf = captureBearer(page);
  await signIn();
  await page.goto(`${url}/dashboard/sessions`);
  await expect.poll(bearerOf, { timeout: SIGN_IN_MS }).not.toBeNull();
  const before = (await (await fetch(`${url}/api/sessions`, { headers: { authorization: `Bearer ${bearerOf()!}` } })).json()) as {
    items: { id: string; title: string }[];
  };
  const drill = before.items.find((s) => s.title === 'Pressing drill')!;
  const recordingBefore = Buffer.from(
    await (
      await fetch(
        ((await (await fetch(`${url}/api/sessions/${drill.id}/media`, { headers: { authorization: `Bearer ${bearerOf()!}` } })).json()) as { url: string }).url,
      )
    ).arrayBuffer(),
  );

  sh(`${dc} exec -T postgres pg_dumpall -U touchline | gzip > "${backup}/touchline.sql.gz"`);
  sh(mirror('s/$S3_BUCKET', '/backup/$S3_BUCKET'));

  // The server is lost: every container and volume goes.
  compose('down', '--volumes', '--timeout', '10');
  compose('up', '-d', '--wait', '--wait-timeout', '300', 'postgres');
  sh(`gunzip -c "${backup}/touchline.sql.gz" | ${dc} exec -T postgres psql -q -U touchline -d postgres`);
  compose('up', '-d', '--wait', '--wait-timeout', '900', '--scale', 'api=2', '--scale', 'worker=2');
  sh(mirror('/backup/$S3_BUCKET', 's/$S3_BUCKET'));

  // The coach signs in with the password they set before the loss, and finds the session, its report and recording.
  await signIn();
  const bearerBefore = bearerOf();
  await page.goto(`${url}/sessions/${drill.id}`);
  await expect(page.getByRole('heading', { name: 'Pressing drill' })).toBeVisible();
  await expect(page.getByTestId('coaching-style')).toBeVisible();
  await expect.poll(bearerOf, { timeout: SIGN_IN_MS }).not.toBe(bearerBefore);
  const media = (await (await fetch(`${url}/api/sessions/${drill.id}/media`, { headers: { authorization: `Bearer ${bearerOf()!}` } })).json()) as {
    url: string;
  };
  expect(Buffer.from(await (await fetch(media.url)).arrayBuffer()).equals(recordingBefore)).toBe(true);
});

test("an upgrade from the previous release's images keeps the coach's account, sessions, reports and recordings, and runs each migration once", async ({
  browser,
}) => {
  // The first run on a machine builds the previous release's images too.
  test.setTimeout(40 * 60_000);
  // The previous release's files as a club has them, from the project's history.
  const previous = await mkdtemp(path.join(tmpdir(), 'touchline-previous-'));
  execFileSync('sh', ['-c', `git -C "${repoRoot}" archive ${PREVIOUS_RELEASE} | tar -x -C "${previous}"`], { stdio: ['ignore', 'ignore', 'pipe'] });
  const release = { ...settings, TOUCHLINE_VERSION: `release-${PREVIOUS_RELEASE}` };
  const previousCompose = (...args: string[]) =>
    execFileSync('docker', ['compose', ...composeArguments({ offline, projectName: project }), ...args], {
      cwd: previous,
      env: { ...process.env, ...release },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  const built = ['api', 'web', 'transcriber'].every(
    (image) => execFileSync('docker', ['images', '-q', `touchline/${image}:${release.TOUCHLINE_VERSION}`], { encoding: 'utf8' }).trim() !== '',
  );
  if (!built) previousCompose('build');

  // A club on the previous release: a coach signs up and has a session analysed.
  compose('down', '--volumes', '--timeout', '10');
  previousCompose('up', '-d', '--wait', '--wait-timeout', '900');
  const coach = await (await browser.newContext()).newPage();
  const coachEmail = `compose-upgrade-${Date.now()}@club.example`;
  const bearerOf = captureBearer(coach);
  await coach.goto(`${url}/signup?plan=Coach`);
  await coach.getByLabel('Username').fill('Upgrade Coach');
  await coach.getByLabel('Email').fill(coachEmail);
  await coach.getByRole('button', { name: 'Continue' }).click();
  await registerOnKeycloak(coach, coachEmail, 'upgrade-secret-1');
  await expect(coach).toHaveURL(`${url}/dashboard/overview`, { timeout: SIGN_IN_MS });
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-compose-')), 'Before the upgrade.wav');
  generateSession({
    file,
    seconds: 20,
    snrDb: 25,
    script: [
      { text: 'Well done Jamie, great pass.', at: 2 },
      { text: 'Keep your shape and stay compact.', at: 11 },
    ],
  });
  await coach.goto(`${url}/upload`);
  await coach.getByLabel('Recording file').setInputFiles(file);
  await coach.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(coach.getByTestId('upload-state')).toHaveText('Upload complete', { timeout: 120_000 });
  await coach.getByRole('link', { name: 'Open its report' }).click();
  await expect(coach.getByTestId('coaching-style')).toBeVisible({ timeout: 300_000 });
  const sessionId = new URL(coach.url()).pathname.split('/').pop()!;
  const analysis = (report: { transcript: unknown; scores: unknown }) => JSON.stringify({ transcript: report.transcript, scores: report.scores });
  const before = analysis(await (await fetch(`${url}/api/sessions/${sessionId}/report`, { headers: { authorization: `Bearer ${bearerOf()!}` } })).json());
  expect(before).toContain('"text"');
  await coach.context().close();

  // The upgrade as the README tells it: the new release's files, then `docker compose up -d` (images built before).
  compose('up', '-d', '--wait', '--wait-timeout', '900', '--scale', 'api=2', '--scale', 'worker=2');
  const images = compose('ps', '--format', '{{.Service}} {{.Image}}');
  expect(images).toContain(`api touchline/api:${settings.TOUCHLINE_VERSION}`);
  expect(images).not.toContain(release.TOUCHLINE_VERSION);

  // Each migration of the new release is recorded once, though two API containers started at once.
  const applied = compose('exec', '-T', 'postgres', 'psql', '-U', 'touchline', '-d', 'touchline', '-tAc', 'SELECT name FROM migrations')
    .split('\n')
    .filter(Boolean);
  const files = readdirSync(path.join(repoRoot, 'api/src/database/migrations')).filter((f) => /^\d+-.+\.ts$/.test(f));
  expect(applied).toHaveLength(files.length);
  expect(new Set(applied).size).toBe(applied.length);

  // The coach signs in on the new release and finds the session, its report and its recording as they were.
  const after = await (await browser.newContext()).newPage();
  const bearerAfter = captureBearer(after);
  await signIn(after, coachEmail, 'upgrade-secret-1');
  await after.goto(`${url}/sessions/${sessionId}`);
  await expect(after.getByRole('heading', { name: 'Before the upgrade' })).toBeVisible({ timeout: SIGN_IN_MS });
  await expect(after.getByTestId('coaching-style')).toBeVisible();
  const headers = { authorization: `Bearer ${bearerAfter()!}` };
  expect(analysis(await (await fetch(`${url}/api/sessions/${sessionId}/report`, { headers })).json())).toBe(before);
  const media = (await (await fetch(`${url}/api/sessions/${sessionId}/media`, { headers })).json()) as { url: string };
  expect(Buffer.from(await (await fetch(media.url)).arrayBuffer()).equals(readFileSync(file))).toBe(true);
  await after.context().close();
});
