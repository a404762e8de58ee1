import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ContactRequestDto, ContactTopic } from '@touchline/shared';
import { apiRequest, getPublicJson } from '@/lib/api-client';

export interface HelpSearchHit {
  kind: 'guide' | 'faq' | 'rubric';
  title: string;
  section: string;
  url: string;
  excerpt: string;
}

const SEARCH_URL = '/api/help/search';

export const helpSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [SEARCH_URL, q],
    queryFn: () => getPublicJson<HelpSearchHit[]>(`${SEARCH_URL}?q=${encodeURIComponent(q)}`),
    enabled: q.length > 0,
  });

export const useHelpSearch = (q: string) => useQuery(helpSearchQueryOptions(q));

export interface ContactInput {
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  /** The honeypot: hidden from people, so only bots fill it in. */
  website: string;
}

export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => apiRequest<ContactRequestDto>('POST', '/api/help/contact', input),
  });
}

export interface AssistantStreamHandlers {
  onSources(meta: { known: boolean; sources: { title: string; section: string; url: string }[]; mode: 'search' | 'llm' }): void;
  /** A piece of the language model's answer. */
  onDelta(text: string): void;
  /** The whole answer: from search, or replacing the model's when it failed. */
  onAnswer(answer: string): void;
  onDone(): void;
  onError(): void;
}

/**
 * Asks the assistant, reading its answer as server-sent events (the model's words appear as it writes them).
 * Answers a function that stops listening.
 */
export function askAssistant(question: string, handlers: AssistantStreamHandlers): () => void {
  const source = new EventSource(`/api/help/assistant/stream?question=${encodeURIComponent(question)}`);
  const read = (event: MessageEvent<string>) => JSON.parse(event.data) as Record<string, unknown>;
  let finished = false;
  source.addEventListener('sources', (e) => handlers.onSources(read(e) as unknown as Parameters<AssistantStreamHandlers['onSources']>[0]));
  source.addEventListener('delta', (e) => handlers.onDelta(String(read(e).text)));
  source.addEventListener('answer', (e) => handlers.onAnswer(String(read(e).answer)));
  source.addEventListener('fallback', (e) => handlers.onAnswer(String(read(e).answer)));
  source.addEventListener('done', () => {
    finished = true;
    source.close();
    handlers.onDone();
  });
  // EventSource reconnects on its own; an answer is asked once, so any error ends it.
  source.onerror = () => {
    source.close();
    if (!finished) handlers.onError();
  };
  return () => source.close();
}
