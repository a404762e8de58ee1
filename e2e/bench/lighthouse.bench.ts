// npm run bench:lighthouse — Lighthouse (pinned in e2e's devDependencies, run in Debian's Chromium) on every route
// of web/src/config/paths, on the product as `npm start` runs it: the public pages for a visitor (signed out), the
// others for a signed-in coach with data (an Elite Admin with an analysed session, so the team pages have a team
// and the report has figures). The external review page opens a review link the coach made; the invitation page
// an invitation the coach sent. Prints each route's performance and accessibility against the goal of 95.
// Lighthouse's desktop settings (simulated throttling) by default; BENCH_LIGHTHOUSE_FORM=mobile for its mobile
// ones. HTML reports go to BENCH_LIGHTHOUSE_DIR (default: a folder under the system's temporary directory).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { generateSession, reportRows } from '@touchline/tooling';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { paths } from '../../web/src/config/paths';
import { setPlan } from '../support/admin';
import { linkIn, waitForMail } from '../support/mail';
import { freePort, newDataDir, startProduct, type RunningProduct } from '../support/product';

const GOAL = 95;
const FORM = process.env.BENCH_LIGHTHOUSE_FORM === 'mobile' ? 'mobile' : 'desktop';
const reports = process.env.BENCH_LIGHTHOUSE_DIR ?? mkdtempSync(path.join(tmpdir(), 'touchline-lighthouse-'));
const PASSWORD = 'lighthouse-secret-1';
/** Chromium as the task asks for it: headless, no sandbox (root), nothing fetched from the network by itself. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

type Who = 'visitor' | 'coach';
type PathName = keyof typeof paths;

let product: RunningProduct;
let dataDir: string;

beforeAll(async () => {
  dataDir = await newDataDir();
  // The installation admin's command (npm run admin) works on this product's data directory.
  process.env.E2E_PRODUCT_DATA_DIR = dataDir;
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  product = await startProduct(dataDir, port, { LOG_LEVEL: 'error', TRANSCRIBER: 'pocketsphinx' });
});

afterAll(async () => {
  product?.process.kill('SIGINT');
  await product?.exited;
});

/** A browser of its own (profile and debugging port), so Lighthouse's tab shares its sign-in, or has none. */
async function openBrowser(): Promise<{ context: BrowserContext; port: number }> {
  const port = await freePort();
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'touchline-lighthouse-profile-')), {
    executablePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS],
  });
  return { context, port };
}

/** An Elite coach signed up through the product's pages (the installation admin grants Elite: an Elite Admin). */
async function signUpEliteAdmin(context: BrowserContext): Promise<string> {
  const email = `lighthouse-${Date.now()}@club.example`;
  const page = await context.newPage();
  await page.goto(`${product.url}/signup?plan=Elite`);
  await page.getByLabel('Username').fill('Lighthouse Coach');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
  await page.goto(linkIn((await waitForMail(product.mailUrl, email, /Verify your email/)).text));
  await page.waitForURL(/\/dashboard\/overview$/, { timeout: 60_000 });
  const granted = await setPlan(email, 'Elite');
  if (granted !== `${email} is now on Elite.`) throw new Error(`npm run admin -- set-plan said: ${granted}`);
  await page.reload();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Coach Management' }).waitFor({ timeout: 30_000 });
  await page.close();
  return email;
}

/** The coach uploads a short spoken session; answers its id once analysed. */
async function analysedSession(context: BrowserContext): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'touchline-lighthouse-media-')), 'Lighthouse session.wav');
  generateSession({
    file,
    seconds: 30,
    snrDb: 20,
    script: [
      { text: 'Two touch only, and call for the ball.', at: 1.5 },
      { text: 'Good, now switch the play to the far side.', at: 10 },
      { text: 'Brilliant work everybody, what did you see there?', at: 20 },
    ],
  });
  const page = await context.newPage();
  await page.goto(`${product.url}/upload`);
  await page.getByLabel('Recording file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByRole('link', { name: 'Open its report' }).click({ timeout: 60_000 });
  const id = /\/sessions\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
  if (!id) throw new Error(`the upload led to ${page.url()}, not a report`);
  // The analysis runs in the background; the report is measured once it shows the coaching style.
  const style = page.getByTestId('coaching-style');
  for (
    let tries = 0;
    !(await style.waitFor({ timeout: 3000 }).then(
      () => true,
      () => false,
    ));
    tries++
  ) {
    if (tries > 40) throw new Error(`the session was not analysed within two minutes: ${(await page.locator('main').innerText()).slice(0, 400)}`);
    await page.reload();
  }
  await page.close();
  return id;
}

/** A review link the coach makes on the report: its path. */
async function reviewLink(context: BrowserContext, sessionId: string): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${product.url}/sessions/${sessionId}`);
  await page.getByLabel('Reviewer').fill('Lighthouse reviewer');
  await page.getByRole('button', { name: 'Create review link' }).click();
  const url = await page.getByTestId('review-link-url').inputValue();
  await page.close();
  return new URL(url).pathname;
}

/** An invitation the Elite Admin sends from Coach Management: its path with the token. */
async function invitation(context: BrowserContext): Promise<string> {
  const email = `lighthouse-invitee-${Date.now()}@club.example`;
  const page = await context.newPage();
  await page.goto(`${product.url}/dashboard/management`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByTestId('invitation-row').filter({ hasText: email }).waitFor();
  await page.close();
  const url = new URL(linkIn((await waitForMail(product.mailUrl, email, /You are invited to join/)).text));
  return url.pathname + url.search;
}

/**
 * Lighthouse's own trace failures: the browser's trace lacked the navigation's start, which says nothing about the
 * page (it happens now and then on a loaded machine). Such a run is repeated once; any other failure stands.
 */
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

interface Audit {
  route: string;
  url: string;
  who: Who;
  landed: string;
  error?: string;
  performance: number | null;
  accessibility: number | null;
  lcp?: string;
  cls?: string;
  below: string[];
}

/** Empties the browser's HTTP cache, keeping its storage (the sign-in): each audit is a first visit's download. */
async function clearCache(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}

async function audit({ context, port }: { context: BrowserContext; port: number }, route: string, url: string, who: Who): Promise<Audit> {
  await clearCache(context);
  const run = () =>
    lighthouse(
      `${product.url}${url}`,
      { port, output: 'html', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true, formFactor: FORM },
      FORM === 'desktop' ? desktopConfig : undefined,
    );
  let result = await run();
  if (TRACE_FAILURES.has(result?.lhr.runtimeError?.code ?? '')) {
    console.log(`Lighthouse on ${url}: ${result!.lhr.runtimeError!.code}, run again`);
    result = await run();
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const file = path.join(reports, `${FORM}-${route === '/' ? 'home' : route.slice(1).replace(/[/:]+/g, '-')}.html`);
  writeFileSync(file, result.report as string);
  // A run Lighthouse could not finish (e.g. a page that never painted) has no scores: say so, never 0.
  const error = result.lhr.runtimeError?.code;
  const score = (name: string) => (error ? null : Math.round((result.lhr.categories[name]?.score ?? 0) * 100));
  return {
    route,
    url,
    who,
    landed: new URL(result.lhr.finalDisplayedUrl).pathname,
    error,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: result.lhr.audits['largest-contentful-paint']?.displayValue,
    cls: result.lhr.audits['cumulative-layout-shift']?.displayValue,
    below: Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id),
  };
}

test(`Lighthouse (${FORM}) on every route`, async () => {
  mkdirSync(reports, { recursive: true });

  // The coach's data first: the routes with an id or a token need it.
  const coach = await openBrowser();
  await signUpEliteAdmin(coach.context);
  const sessionId = await analysedSession(coach.context);
  const review = await reviewLink(coach.context, sessionId);
  const invite = await invitation(coach.context);

  /** Every route of the app: the address audited and who opens it. A route added to paths must be added here. */
  const routes: Record<PathName, [string, Who]> = {
    home: ['/', 'visitor'],
    pricing: ['/pricing', 'visitor'],
    chatbot: ['/help/chatbot', 'visitor'],
    guides: ['/help/guides', 'visitor'],
    guide: ['/help/guides/recording', 'visitor'],
    faq: ['/help/faq', 'visitor'],
    contact: ['/help/contact', 'visitor'],
    demo: ['/demo', 'visitor'],
    terms: ['/terms', 'visitor'],
    privacy: ['/privacy', 'visitor'],
    proExternalReviewDemo: ['/pro-external-review-demo', 'visitor'],
    signup: ['/signup', 'visitor'],
    login: ['/login', 'visitor'],
    resetPassword: ['/reset-password', 'visitor'],
    invite: [invite, 'visitor'],
    externalReview: [review, 'visitor'],
    notFound: ['/404', 'visitor'],
    dashboard: ['/dashboard', 'coach'],
    overview: ['/dashboard/overview', 'coach'],
    sessions: ['/dashboard/sessions', 'coach'],
    compare: ['/dashboard/compare', 'coach'],
    development: ['/dashboard/development', 'coach'],
    management: ['/dashboard/management', 'coach'],
    teamSessions: ['/dashboard/team-sessions', 'coach'],
    teamSessionReport: [`/dashboard/team-sessions/${sessionId}`, 'coach'],
    upload: ['/upload', 'coach'],
    profile: ['/profile', 'coach'],
    subscription: ['/subscription', 'coach'],
    sessionReport: [`/sessions/${sessionId}`, 'coach'],
  };
  expect(Object.keys(paths).filter((name) => !(name in routes))).toEqual([]);
  const only = process.env.BENCH_LIGHTHOUSE_ROUTES?.split(',');
  const wanted = (Object.entries(routes) as [PathName, [string, Who]][]).filter(([name]) => !only || only.includes(paths[name]));

  const results: Audit[] = [];
  // One visit first, so the audits do not measure a product that has just started.
  const warmUp = await coach.context.newPage();
  await warmUp.goto(`${product.url}/dashboard/overview`);
  await warmUp.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  await warmUp.close();
  for (const [name, [url, who]] of wanted) if (who === 'coach') results.push(await audit(coach, paths[name], url, who));
  await coach.context.close();

  const visitor = await openBrowser();
  for (const [name, [url, who]] of wanted) if (who === 'visitor') results.push(await audit(visitor, paths[name], url, who));
  await visitor.context.close();

  console.log(
    [
      `Lighthouse (${FORM}), performance / accessibility, goal ${GOAL}:`,
      ...results.map(
        (r) =>
          `  ${r.route.padEnd(36)} ${r.error ? `not measured: ${r.error}` : `${String(r.performance).padStart(3)} / ${String(r.accessibility).padStart(3)}`}  LCP ${r.lcp}  CLS ${r.cls}  (${r.who}${r.landed !== r.url.split('?')[0] ? `, landed on ${r.landed}` : ''})${r.below.length ? `  below 0.9: ${r.below.join(', ')}` : ''}`,
      ),
      `reports: ${reports}`,
    ].join('\n'),
  );
  reportRows(
    results.flatMap((r) =>
      (['performance', 'accessibility'] as const).map((category) => ({
        benchmark: 'bench:lighthouse',
        measure: `Lighthouse ${category}, ${r.route} (${r.who === 'coach' ? 'signed-in coach' : 'visitor'}, ${FORM})`,
        result: r.error ? `not measured (${r.error})` : String(r[category]),
        baseline: `goal ${GOAL}`,
        ratio: r.error ? null : r[category]! / GOAL,
        target: `≥ ${GOAL}`,
      })),
    ),
  );
  for (const r of results) expect(r.error, `Lighthouse on ${r.route}`).toBeUndefined();
  // About a minute a route on a 2-core machine, after the set-up (sign-up, an upload and its analysis).
}, 3_600_000);
