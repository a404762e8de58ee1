import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotificationListener } from '../src/database';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let admin: Client;
const listeners: NotificationListener[] = [];

beforeAll(async () => {
  api = await startTestApi({ BACKGROUND_JOBS: 'false' });
  admin = new Client({ connectionString: api.db.url });
  await admin.connect();
}, 120_000);

afterEach(async () => {
  for (const listener of listeners.splice(0)) await listener.onApplicationShutdown();
});

afterAll(async () => {
  await admin?.end();
  await api?.stop();
});

function listener(): NotificationListener {
  const made = new NotificationListener(api.db.url);
  listeners.push(made);
  return made;
}

const notify = (channel: string, payload: string) => admin.query('SELECT pg_notify($1, $2)', [channel, payload]);

describe("the process's notification listener (one LISTEN connection)", () => {
  it('hands each notification to the handlers of its channel, and stops when a handler unsubscribes', async () => {
    const notifications = listener();
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = notifications.subscribe('listener_test_first', (payload) => first.push(payload));
    notifications.subscribe('listener_test_second', (payload) => second.push(payload));
    await notifications.ready();

    await notify('listener_test_first', 'one');
    await vi.waitFor(() => expect(first).toEqual(['one']));
    expect(second).toEqual([]);

    stopFirst();
    await notify('listener_test_first', 'two');
    await notify('listener_test_second', 'three');
    // One sender's notifications arrive in order: once the second channel's has, the first's would have too.
    await vi.waitFor(() => expect(second).toEqual(['three']));
    expect(first).toEqual(['one']);
  });

  it('listens on a channel subscribed while connected before it answers ready again', async () => {
    const notifications = listener();
    await notifications.ready();
    const heard: string[] = [];
    notifications.subscribe('listener_test_late', (payload) => heard.push(payload));
    await notifications.ready();
    await notify('listener_test_late', 'late');
    await vi.waitFor(() => expect(heard).toEqual(['late']));
  });

  it('signals a lost connection, and the next ready connects and listens again', async () => {
    const notifications = listener();
    const heard: string[] = [];
    notifications.subscribe('listener_test_lost', (payload) => heard.push(payload));
    const lost = await notifications.ready();
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'touchline-events'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    await firstValueFrom(lost);

    await notifications.ready();
    await notify('listener_test_lost', 'after');
    await vi.waitFor(() => expect(heard).toEqual(['after']));
  });

  it('keeps listening from start: runs onGap when the connection is lost and connects again by itself', async () => {
    const notifications = listener();
    const heard: string[] = [];
    notifications.subscribe('listener_test_kept', (payload) => heard.push(payload));
    const gaps: number[] = [];
    await notifications.keepListening(() => gaps.push(Date.now()));
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'touchline-events'`);
    await vi.waitFor(() => expect(gaps).toHaveLength(1));

    // Nobody asks for the connection; it comes back on its own, and hears the channel again.
    await vi.waitFor(
      async () => {
        await notify('listener_test_kept', 'back');
        expect(heard).toContain('back');
      },
      { timeout: 10_000, interval: 250 },
    );
  });

  it('refuses a channel name that is not an identifier, and answers nothing once the process stops', async () => {
    const notifications = listener();
    expect(() => notifications.subscribe('bad; DROP TABLE users', () => undefined)).toThrow('not a channel name: bad; DROP TABLE users');
    await notifications.onApplicationShutdown();
    await expect(notifications.ready()).rejects.toThrow('the notification listener has stopped');
  });
});
