import { expect, test, type Page } from '@playwright/test';

/** Fails the test on any console error or CSP violation: the security headers must not break the app. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('SPA shell', () => {
  test('home page', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Others offer session plans. We deliver soccer insight.');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('© 2025');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('teal');
    expect(problems).toEqual([]);
  });

  test('sidebar is 72 units wide, 20 when collapsed, and opens on hover', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    expect((await sidebar.boundingBox())!.width).toBe(288);
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.mouse.move(800, 400);
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(80);
    await sidebar.hover();
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(288);
  });

  test('pricing shows the six plans, and the Add-on apart', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
    const plans = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });
    await expect(plans).toHaveText(['Free Trial', 'Coach', 'Coach Plus', 'Elite', 'Pro', 'Goalkeeping Plus']);
    await expect(page.getByRole('region', { name: 'Add-on' }).getByRole('heading', { level: 2 })).toHaveText('Add-on');
    await page.getByRole('link', { name: 'Choose Coach Plus' }).click();
    await expect(page).toHaveURL('/signup?plan=Coach%20Plus');
  });

  test('/dashboard sends a visitor to login and remembers the path', async ({ page }) => {
    // /login goes straight on to the sign-in page, so its address is seen in passing; the remembered path is
    // read once the sign-in page has loaded, when no navigation can pull the page away from under the read.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = new URL(frame.url());
      visited.push(url.pathname + url.search);
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(visited).toContain('/login?redirect=%2Fdashboard');
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe('/dashboard');
  });

  test('unknown paths show the not-found page', async ({ page }) => {
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });

  test('content pages load on demand', async ({ page }) => {
    for (const [path, title] of [
      ['/terms', 'Terms & Conditions'],
      ['/privacy', 'Privacy Policy'],
      ['/help/faq', 'Frequently asked questions'],
      ['/help/guides', 'Guides'],
      ['/help/contact', 'Contact'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('menu overlay: scroll locked while open, Escape and backdrop close it', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    const dialog = page.getByRole('dialog', { name: 'Menu' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // overflow: hidden stops the user's scrolling (a script could still scroll), so scroll as a user does.
    await page.mouse.move(200, 600);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveAttribute('data-state', 'closing');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(dialog).toBeVisible();
    await page.getByTestId('mobile-menu-backdrop').click({ position: { x: 370, y: 400 } });
    await expect(dialog).toBeHidden();
  });

  test('menu overlay navigates and closes', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(dialog).toBeHidden();
  });
});
