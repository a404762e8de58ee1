import { expect, test } from '@playwright/test';
import { mailUrl } from '../support/env';
import { waitForMail } from '../support/mail';

// `npm start` leaves VITE_SUPPORT_EMAIL and SUPPORT_EMAIL at their default.
const SUPPORT = 'support@example.com';

test.describe('help centre', () => {
  test('guides: every guide at its own URL, a deep link to a section, and search', async ({ page }) => {
    await page.goto('/help/guides');
    // A screen loads on demand: allow for a busy machine.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guides', { timeout: 20_000 });
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards).toHaveCount(8);
    await page.getByRole('link', { name: /Reading your report/ }).click();
    await expect(page).toHaveURL('/help/guides/reading-your-report');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading your report');
    await expect(page.getByRole('heading', { level: 2, name: 'Coaching style' })).toBeVisible();
    await expect(page).toHaveTitle('Reading your report · Touchline');

    await page.goto('/help/guides/recording#wind');
    await expect(page.getByRole('heading', { level: 2, name: 'Wind' })).toBeInViewport();

    await page.goto('/help/guides');
    await page.getByRole('searchbox', { name: 'Search the guides' }).fill('wind noise');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/help/guides?q=wind+noise');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link', { name: 'Wind', exact: true })).toHaveAttribute('href', '/help/guides/recording#wind');
  });

  test('FAQ: at least 20 questions whose links open the guide at the section', async ({ page }) => {
    await page.goto('/help/faq');
    // A screen loads on demand: allow for a busy machine.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions', { timeout: 20_000 });
    expect(await page.locator('details summary').count()).toBeGreaterThanOrEqual(20);
    await page.getByText('How can I improve my engagement score?').click();
    await page.getByRole('link', { name: 'Engagement', exact: true }).click();
    await expect(page).toHaveURL('/help/guides/scores#engagement');
    await expect(page.getByRole('heading', { level: 2, name: 'Engagement' })).toBeInViewport();
  });

  test('Contact: the message reaches the support address with its reference', async ({ page }) => {
    await page.goto('/help/contact');
    await page.getByLabel('Name').fill('Robin Coach');
    await page.getByLabel('Email').fill('robin@coach.example');
    await page.getByLabel('Topic').selectOption('Reports and scores');
    await page.getByLabel('Message').fill('My engagement score says Not scored for last Tuesday.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Your reference is' });
    await expect(status).toBeVisible();
    const reference = /TL-[0-9A-Z]{8}/.exec((await status.textContent())!)![0];

    const mail = await waitForMail(mailUrl, SUPPORT, new RegExp(reference));
    expect(mail.subject).toBe(`[${reference}] Reports and scores: Robin Coach`);
    expect(mail.text).toContain('Email: robin@coach.example');
    expect(mail.text).toContain('My engagement score says Not scored for last Tuesday.');
  });

  test('AI Assistant: answers with links to the help, and says when it does not know', async ({ page }) => {
    await page.goto('/help/chatbot');
    // A screen loads on demand: allow for a busy machine.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Assistant', { timeout: 20_000 });
    await page.getByLabel('Your question').fill('How do I stop wind noise on my recordings?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const answer = page.getByTestId('assistant-answer').last();
    await expect(answer).toContainText('windshield');
    await expect(answer.getByRole('link', { name: 'Recording a session: Wind' })).toHaveAttribute('href', '/help/guides/recording#wind');

    await page.getByLabel('Your question').fill('What will the weather be in Paris tomorrow?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const unknown = page.getByTestId('assistant-answer').last();
    await expect(unknown).toContainText("I don't know the answer to that");
    await unknown.getByRole('link', { name: 'Contact support' }).click();
    await expect(page).toHaveURL('/help/contact');
  });
});
