import { bearer } from '../common';
import type { AssistantSettings } from '../config';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * Streams an answer from an OpenAI-compatible chat endpoint (`POST /v1/chat/completions` with `stream: true`:
 * server-sent events of `choices[0].delta.content`, ended by `data: [DONE]`), as Ollama, llama.cpp's server and
 * vLLM serve it. Yields the text as it arrives; throws on a non-2xx answer, a malformed stream or `signal`.
 */
export async function* streamChatCompletion(settings: AssistantSettings, messages: ChatMessage[], signal: AbortSignal): AsyncGenerator<string> {
  const response = await fetch(`${settings.llmUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...bearer(settings.apiKey),
    },
    body: JSON.stringify({ model: settings.model, messages, stream: true, temperature: 0.2 }),
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`language model answered ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
      const text = parsed.choices?.[0]?.delta?.content;
      if (text) yield text;
    }
  }
  throw new Error('language model stream ended without [DONE]');
}
