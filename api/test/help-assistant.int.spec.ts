import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ ASSISTANT_LLM_URL: '' });
}, 120_000);

afterAll(async () => {
  await api?.stop();
});

/**
 * The twenty questions coaches ask most, as they ask them, and the help sections that answer each: the assistant
 * (search mode, no language model) must cite one of them.
 */
const QUESTIONS: [string, string[]][] = [
  ['How do I share a session with an outside reviewer?', ['/help/guides/external-review#share-a-session']],
  ['Can I stop a review link from working?', ['/help/guides/external-review#revoking-and-expiry']],
  ['Where do I read what the reviewer commented?', ['/help/guides/external-review#comments-and-replies']],
  ['How do I stop wind noise on my recordings?', ['/help/guides/recording#wind', '/help/faq#how-do-i-stop-wind-noise-ruining-the-recording']],
  ['Where should I clip the microphone?', ['/help/guides/recording#placement', '/help/faq#where-should-i-put-the-microphone']],
  ['Which file types can I upload?', ['/help/faq#which-files-can-i-upload', '/help/guides/recording#file-types-and-limits']],
  [
    'My upload stopped halfway, do I have to start again?',
    ['/help/guides/uploading#large-files-and-resuming', '/help/faq#my-connection-dropped-during-the-upload-do-i-have-to-start-again'],
  ],
  ['Why did my analysis fail?', ['/help/guides/uploading#when-an-analysis-fails', '/help/faq#my-analysis-failed-what-can-i-do']],
  ['What counts as an intervention?', ['/help/faq#what-is-an-intervention', '/help/guides/reading-your-report#the-metrics']],
  ['What does talk ratio mean?', ['/help/guides/reading-your-report#the-metrics']],
  ['Why does a category say not scored?', ['/help/faq#why-does-a-category-say-not-scored', '/help/guides/reading-your-report#the-scores']],
  ['How can I improve my communication score?', ['/help/faq#how-can-i-improve-my-communication-score', '/help/guides/scores#communication']],
  ['What do hands-off and balanced mean?', ['/help/faq#what-do-hands-off-and-balanced-mean', '/help/guides/reading-your-report#coaching-style']],
  ['How does it know my players names?', ['/help/faq#how-does-touchline-know-my-players-names', '/help/guides/teams-and-invitations#the-team-squad']],
  ['How do I compare two sessions?', ['/help/faq#how-do-i-compare-two-sessions', '/help/guides/compare-and-development#compare-sessions']],
  ['How do I set a goal?', ['/help/faq#how-do-i-set-a-goal', '/help/guides/compare-and-development#goals']],
  ['How do I invite coaches to my team?', ['/help/faq#how-do-i-invite-coaches-to-my-team', '/help/guides/teams-and-invitations#inviting-coaches']],
  ['Who can see my sessions?', ['/help/faq#who-can-see-my-sessions', '/help/guides/privacy-and-data#who-can-see-your-sessions']],
  ['I forgot my password', ['/help/faq#i-forgot-my-password-what-now']],
  [
    'How do I delete a session?',
    ['/help/faq#how-do-i-delete-a-session', '/help/guides/uploading#deleting-a-session', '/help/guides/privacy-and-data#deleting-your-data'],
  ],
];

describe('the assistant on the questions coaches ask most', () => {
  it.each(QUESTIONS)('%s', async (question, expected) => {
    const response = await fetch(`${api.url}/api/help/assistant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { answer: string; known: boolean; sources: { url: string }[] };
    expect(body.known).toBe(true);
    const cited = body.sources.map((s) => s.url);
    expect(
      cited.some((url) => expected.includes(url)),
      `cited ${cited.join(', ')}`,
    ).toBe(true);
    // Every passage links its section, and a list stays a list: no "- " marker in the middle of a line.
    for (const url of cited) expect(body.answer).toContain(`(${url})`);
    for (const line of body.answer.split('\n')) expect(line, 'a list marker inside a line').not.toMatch(/\S {1,2}- \S/);
  });

  it('starts a sharing answer where the coach starts: the report’s Share for review', async () => {
    const response = await fetch(`${api.url}/api/help/assistant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'How do I share a session with an outside reviewer?' }),
    });
    const { answer } = (await response.json()) as { answer: string };
    expect(answer).toMatch(/Share for review/);
    expect(answer).toMatch(/^1\. Open the session's report/m);
    expect(answer).not.toMatch(/part of the \*\*Pro\*\* plan/);
  });
});
