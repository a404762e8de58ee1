import { SESSION_EVENTS, type SessionStatusEventDto } from '@touchline/shared';
import { expect } from 'vitest';
import { bearer } from './tokens';

/** One message of a server-sent event stream: its fields as sent, comments included. */
export interface StreamMessage {
  event?: string;
  data?: string;
  comments: string[];
}

export interface EventStream {
  /** The answer's status and headers. */
  response: Response;
  messages: StreamMessage[];
  /** The `session` events received so far. */
  sessionEvents(): SessionStatusEventDto[];
  /** Waits until a `session` event matches. */
  waitFor(match: (event: SessionStatusEventDto) => boolean, timeout?: number): Promise<SessionStatusEventDto>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `GET /api/sessions/events` the way the web app does (fetch with a Bearer token) and reads its messages. */
export async function openEventStream(apiUrl: string, token?: string): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${apiUrl}${SESSION_EVENTS.url}`, {
    headers: { accept: 'text/event-stream', ...(token ? bearer(token) : {}) },
    signal: abort.signal,
  });
  const messages: StreamMessage[] = [];
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message: StreamMessage = { comments: [] };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) message.comments.push(line.slice(1).trim());
              else if (line.startsWith('event:')) message.event = line.slice(6).trim();
              else if (line.startsWith('data:')) message.data = (message.data === undefined ? '' : `${message.data}\n`) + line.slice(5).trim();
            }
            if (block.trim()) messages.push(message);
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  const sessionEvents = () => messages.filter((m) => m.event === SESSION_EVENTS.event).map((m) => JSON.parse(m.data!) as SessionStatusEventDto);
  const stream: EventStream = {
    response,
    messages,
    sessionEvents,
    ended,
    close: () => abort.abort(),
    async waitFor(match, timeout = 60_000) {
      await expect.poll(() => sessionEvents().some(match), { timeout, interval: 50 }).toBe(true);
      return sessionEvents().find(match)!;
    },
  };
  if (response.ok) {
    // The first message says the server listens: changes from here on reach the stream.
    await expect.poll(() => messages.some((m) => m.comments.includes('connected')), { timeout: 10_000, interval: 20 }).toBe(true);
  }
  return stream;
}
