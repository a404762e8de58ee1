import { HELP_MESSAGES } from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatCompletionsServer } from './support/chat-completions-server';
import { startMailCatcher } from './support/mail-catcher';
import { startTestApi, type TestApi } from './support/test-api';

const SUPPORT = 'help-desk@club.example';
const REPLY = ['Clip a lapel microphone ', 'to your collar and use ', 'its windshield [1].'];

let api: TestApi;
let llmApi: TestApi;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let llm: Awaited<ReturnType<typeof startChatCompletionsServer>>;

beforeAll(async () => {
  mail = await startMailCatcher();
  llm = await startChatCompletionsServer(REPLY);
  api = await startTestApi({ SMTP_PORT: String(mail.smtpPort), SUPPORT_EMAIL: SUPPORT });
  // Its mail server is down (port 1), and it has the club's language model with a short time limit.
  llmApi = await startTestApi({
    ASSISTANT_LLM_URL: llm.url,
    ASSISTANT_LLM_API_KEY: 'club-key',
    ASSISTANT_LLM_MODEL: 'tiny',
    ASSISTANT_LLM_TIMEOUT_SECONDS: '2',
  });
});

afterAll(async () => {
  await api?.stop();
  await llmApi?.stop();
  await mail?.stop();
  await llm?.stop();
});

async function storedRequests(target: TestApi, email: string) {
  const db = new Client({ connectionString: target.db.url });
  await db.connect();
  try {
    const { rows } = await db.query(`SELECT reference, name, email, topic, message FROM support_requests WHERE email = $1 ORDER BY created_at`, [email]);
    return rows as { reference: string; name: string; email: string; topic: string; message: string }[];
  } finally {
    await db.end();
  }
}

const post = (target: TestApi, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${target.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const contact = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Jamie Coach',
  email,
  topic: 'Recording and uploads',
  message: 'My upload of the Tuesday session stopped at 80 % and does not resume.',
  ...extra,
});

/** Reads a whole server-sent event stream into its events. */
async function readEvents(response: Response): Promise<{ event: string; data: any }[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => {
      const field = (name: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      return { event: field('event') ?? 'message', data: JSON.parse(field('data') ?? 'null') };
    });
}

describe('contact', () => {
  it('mails the request to the support address with every field, stores it and answers with its reference', async () => {
    const response = await post(api, '/help/contact', contact('jamie@coach.example'));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { reference: string; message: string };
    expect(body.reference).toMatch(/^TL-[0-9A-Z]{8}$/);
    expect(body.message).toBe(HELP_MESSAGES.contactSent(body.reference));

    const received = await mail.waitForMail(SUPPORT, new RegExp(body.reference));
    expect(received.subject).toBe(`[${body.reference}] Recording and uploads: Jamie Coach`);
    expect(received.text).toContain('Name: Jamie Coach');
    expect(received.text).toContain('Email: jamie@coach.example');
    expect(received.text).toContain('Topic: Recording and uploads');
    expect(received.text).toContain('My upload of the Tuesday session stopped at 80 % and does not resume.');
    const full = (await (await fetch(`${mail.webUrl}/email/${received.id}`)).json()) as { replyTo?: { address: string }[] };
    expect(full.replyTo?.[0]?.address).toBe('jamie@coach.example');

    expect(await storedRequests(api, 'jamie@coach.example')).toEqual([
      { reference: body.reference, name: 'Jamie Coach', email: 'jamie@coach.example', topic: 'Recording and uploads', message: contact('').message },
    ]);
  });

  it('quotes the sender’s name in Reply-To, so a name with addresses in it adds no recipient', async () => {
    const name = 'Club CEO, attacker@evil.example, "x" <other@evil.example>,';
    const response = await post(api, '/help/contact', contact('ceo@club.example', { name }));
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const received = await mail.waitForMail(SUPPORT, new RegExp(reference));
    const full = (await (await fetch(`${mail.webUrl}/email/${received.id}`)).json()) as { replyTo?: { address: string; name: string }[] };
    expect(full.replyTo).toEqual([{ address: 'ceo@club.example', name }]);
  });

  it('refuses a fourth request from one email address within the hour with 429', async () => {
    const email = 'busy@coach.example';
    for (let i = 0; i < 3; i++) expect((await post(api, '/help/contact', contact(email))).status).toBe(201);
    const refused = await post(api, '/help/contact', contact(email));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ statusCode: 429, message: 'Too many requests. Please try again later.' });
    expect(await storedRequests(api, email)).toHaveLength(3);
  });

  it('answers a bot that fills in the honeypot like a person, but stores and sends nothing', async () => {
    const email = 'bot@spam.example';
    const response = await post(api, '/help/contact', contact(email, { website: 'http://spam.example' }));
    expect(response.status).toBe(201);
    expect(((await response.json()) as { reference: string }).reference).toMatch(/^TL-/);
    await new Promise((r) => setTimeout(r, 500));
    expect((await mail.inbox(SUPPORT)).filter((m) => m.text.includes(email))).toEqual([]);
    expect(await storedRequests(api, email)).toEqual([]);
  });

  it.each([
    [{ topic: 'Billing' }, 'topic must be one of'],
    [{ email: 'not-an-address' }, 'Invalid email address format.'],
    [{ message: 'short' }, 'message must be 10 to 5000 characters'],
    [{ name: '   ' }, 'name must be 1 to 100 characters'],
    [{ website: null }, 'website must be a string'],
  ])('refuses %j with 400 and stores nothing', async (change, message) => {
    const email = 'typo@coach.example';
    const response = await post(api, '/help/contact', { ...contact(email), ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { statusCode: number; message: string };
    expect(body.statusCode).toBe(400);
    expect(body.message).toContain(message);
    expect(await storedRequests(api, email)).toEqual([]);
  });

  it('says the message could not be sent when the mail server is down, and keeps nothing', async () => {
    const response = await post(llmApi, '/help/contact', contact('down@coach.example'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ statusCode: 503, message: HELP_MESSAGES.contactUnavailable });
    expect(await storedRequests(llmApi, 'down@coach.example')).toEqual([]);
  });
});

describe('assistant without a language model', () => {
  it('answers from the best help passages with links to their sections', async () => {
    const response = await post(api, '/help/assistant', { question: 'How do I stop wind noise on my recordings?' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { answer: string; known: boolean; mode: string; sources: { url: string }[] };
    expect(body).toMatchObject({ known: true, mode: 'search' });
    expect(body.sources.map((s) => s.url)).toContain('/help/guides/recording#wind');
    expect(body.answer).toContain('windshield');
    expect(body.answer).toContain('(/help/guides/recording#wind)');
  });

  it('says plainly when it does not know, and points to Contact', async () => {
    const body = (await (await post(api, '/help/assistant', { question: 'What will the weather be in Paris tomorrow?' })).json()) as {
      answer: string;
      known: boolean;
      sources: { url: string }[];
    };
    expect(body.known).toBe(false);
    expect(body.answer).toBe(HELP_MESSAGES.assistantUnknown);
    expect(body.sources).toEqual([{ title: 'Contact', section: '', url: '/help/contact' }]);
  });

  it('streams the search answer as one event when no model is set', async () => {
    const response = await fetch(`${api.url}/api/help/assistant/stream?question=${encodeURIComponent('Which file types can I upload?')}`);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(response);
    expect(events.map((e) => e.event)).toEqual(['sources', 'answer', 'done']);
    expect(events[1]!.data.answer).toContain('MP3');
  });

  it('refuses an empty question with 400', async () => {
    const response = await post(api, '/help/assistant', { question: ' ' });
    expect(response.status).toBe(400);
  });

  it('counts spaces around a question against its 500 characters, as the API document says', async () => {
    const padded = `\n${'a'.repeat(500)}`;
    expect((await post(api, '/help/assistant', { question: padded })).status).toBe(400);
    const stream = await fetch(`${api.url}/api/help/assistant/stream?question=${encodeURIComponent(padded)}`);
    expect(stream.status).toBe(400);
    expect((await post(api, '/help/assistant', { question: `  ${'a'.repeat(20)}  ` })).status).toBe(200);
  });
});

describe("assistant with the club's language model", () => {
  const question = 'How do I stop wind noise on my recordings?';

  it("streams the model's answer, having sent it only the question and the help passages", async () => {
    llm.setMode('stream');
    const before = llm.requests.length;
    const response = await fetch(`${llmApi.url}/api/help/assistant/stream?question=${encodeURIComponent(question)}`);
    const events = await readEvents(response);
    expect(events[0]).toMatchObject({ event: 'sources', data: { known: true, mode: 'llm' } });
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual(REPLY);
    expect(events.at(-1)!.event).toBe('done');

    const sent = llm.requests[before]!;
    expect(sent.authorization).toBe('Bearer club-key');
    expect(sent.body).toMatchObject({ model: 'tiny', stream: true });
    expect(sent.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const user = sent.body.messages[1]!.content;
    expect(user).toContain(`Question: ${question}`);
    expect(user).toContain('[1] ');
    expect(user).toContain('/help/guides/recording#wind');
  });

  it('answers with the whole text of the model in one JSON answer too', async () => {
    llm.setMode('stream');
    const body = (await (await post(llmApi, '/help/assistant', { question })).json()) as { answer: string; mode: string };
    expect(body).toMatchObject({ answer: REPLY.join('').trim(), mode: 'llm' });
  });

  it.each(['fail', 'hang', 'stall'] as const)('falls back to the search answer when the model does "%s"', async (mode) => {
    llm.setMode(mode);
    const started = Date.now();
    const events = await readEvents(await fetch(`${llmApi.url}/api/help/assistant/stream?question=${encodeURIComponent(question)}`));
    const fallback = events.find((e) => e.event === 'fallback');
    expect(fallback?.data.answer).toContain('windshield');
    expect(events.at(-1)!.event).toBe('done');
    // Within the 2-second limit plus a margin.
    expect(Date.now() - started).toBeLessThan(5000);

    const json = (await (await post(llmApi, '/help/assistant', { question })).json()) as { answer: string; mode: string };
    expect(json.mode).toBe('search');
    expect(json.answer).toContain('windshield');
  });

  it('does not ask the model when the help content has nothing on the question', async () => {
    llm.setMode('stream');
    const before = llm.requests.length;
    const body = (await (await post(llmApi, '/help/assistant', { question: 'Who won the world cup in 2018?' })).json()) as { known: boolean };
    expect(body.known).toBe(false);
    expect(llm.requests.length).toBe(before);
  });
});
