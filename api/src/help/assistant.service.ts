import { Inject, Injectable, Logger, type MessageEvent, type OnModuleInit } from '@nestjs/common';
import { HELP_MESSAGES, HELP_PATHS, type AssistantAnswerDto } from '@touchline/shared';
import { Observable } from 'rxjs';
import { Errors } from '../common';
import { AppConfig } from '../config';
import { RateLimit, ThrottleStore } from '../database';
import { streamChatCompletion, type ChatMessage } from './chat-completions';
import { HelpIndexService } from './help-index.service';
import type { HelpHit } from './help-index';
import { excerptMarkdown } from './excerpt';

/** Passages the answer rests on at most. */
const TOP_PASSAGES = 3;
/** The best passage counts as an answer when it matches at least this share of the question's meaningful words. */
const MIN_MATCHED_SHARE = 0.5;
const MIN_SCORE = 5;
/** Passages after the best one go with it only when they rank close enough to it. */
const MIN_SHARE_OF_TOP_SCORE = 0.15;
interface Grounding {
  hits: HelpHit[];
  offline: AssistantAnswerDto;
}

/**
 * The help assistant. It answers from the help passages the search index ranks best; with a language model
 * configured (`ASSISTANT_LLM_URL`) the model writes the answer from those passages only. The model is sent the
 * question and the passages, nothing else: no session, report or account data. When it fails, is too slow
 * or is not configured, the answer is the passages themselves.
 */
@Injectable()
export class AssistantService {
  private readonly logger = new Logger(AssistantService.name);
  private readonly perClient: RateLimit;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly index: HelpIndexService,
    store: ThrottleStore,
  ) {
    this.perClient = new RateLimit(store, { scope: 'assistant-client', points: 30, durationSeconds: 60 });
  }

  /** The whole answer at once. */
  async answer(question: string, clientAddress: string): Promise<AssistantAnswerDto> {
    await this.throttle(clientAddress);
    const grounding = this.ground(question);
    if (!this.config.assistant.llmUrl || !grounding.offline.known) return grounding.offline;
    try {
      let text = '';
      for await (const delta of this.ask(question, grounding.hits, AbortSignal.timeout(this.config.assistant.timeoutMs))) text += delta;
      return { ...grounding.offline, answer: text.trim(), mode: 'llm' };
    } catch (error) {
      this.logger.warn({ err: error }, 'language model failed, answering from search');
      return grounding.offline;
    }
  }

  /**
   * The answer as server-sent events: `sources` (the passages and whether anything was found), then with a
   * language model `delta` events of text as it is written, and `fallback` with the search answer if the model
   * fails or runs out of time; without one, one `answer` event. `done` ends the stream.
   */
  async stream(question: string, clientAddress: string): Promise<Observable<MessageEvent>> {
    await this.throttle(clientAddress);
    const grounding = this.ground(question);
    const { answer, ...meta } = grounding.offline;
    const useModel = Boolean(this.config.assistant.llmUrl) && meta.known;
    return new Observable<MessageEvent>((subscriber) => {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(new Error('language model timed out')), this.config.assistant.timeoutMs);
      subscriber.next({ type: 'sources', data: { ...meta, mode: useModel ? 'llm' : 'search' } });
      const run = async () => {
        if (!useModel) {
          subscriber.next({ type: 'answer', data: { answer } });
          return;
        }
        try {
          for await (const text of this.ask(question, grounding.hits, abort.signal)) subscriber.next({ type: 'delta', data: { text } });
        } catch (error) {
          if (subscriber.closed) return;
          this.logger.warn({ err: error }, 'language model failed, answering from search');
          subscriber.next({ type: 'fallback', data: { answer } });
        }
      };
      run()
        .then(() => {
          subscriber.next({ type: 'done', data: {} });
          subscriber.complete();
        })
        .finally(() => clearTimeout(timer));
      // The reader left: stop asking the model.
      return () => {
        clearTimeout(timer);
        abort.abort(new Error('client left'));
      };
    });
  }

  private async throttle(clientAddress: string): Promise<void> {
    if (!(await this.perClient.consume(clientAddress))) throw Errors.tooManyRequests();
  }

  private ground(question: string): Grounding {
    const hits = this.index.query(question, 8);
    const top = hits[0];
    const known = Boolean(top && top.matched / top.queryTerms >= MIN_MATCHED_SHARE && top.score >= MIN_SCORE);
    const seen = new Set<string>();
    const best = hits.filter((hit) => hit.score >= top!.score * MIN_SHARE_OF_TOP_SCORE && !seen.has(hit.url) && seen.add(hit.url)).slice(0, TOP_PASSAGES);
    if (!known) {
      return {
        hits: [],
        offline: {
          answer: HELP_MESSAGES.assistantUnknown,
          known: false,
          sources: [{ title: 'Contact', section: '', url: HELP_PATHS.contact }],
          mode: 'search',
        },
      };
    }
    const answer = [
      HELP_MESSAGES.assistantIntro,
      ...best.map((hit) => `**${hit.section || hit.title}** (${hit.title})\n\n${excerptMarkdown(hit.text)}\n\n[Read more](${hit.url})`),
    ].join('\n\n');
    return {
      hits: best,
      offline: { answer, known: true, sources: best.map(({ title, section, url }) => ({ title, section, url })), mode: 'search' },
    };
  }

  /** Only the question and the numbered passages go to the model. */
  private ask(question: string, hits: HelpHit[], signal: AbortSignal): AsyncGenerator<string> {
    const passages = hits.map((hit, i) => `[${i + 1}] ${hit.title} – ${hit.section || 'Introduction'} (${hit.url})\n${hit.text}`).join('\n\n');
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content:
          "You are the help assistant of Touchline, a coaching-analysis product for soccer coaches. Answer the coach's question " +
          'in a few short sentences using only the numbered help passages given. Cite the passages you use as [1], [2]. ' +
          "If the passages do not answer the question, say plainly that you don't know and suggest the Contact page. " +
          'Never invent features, numbers or settings.',
      },
      { role: 'user', content: `Help passages:\n\n${passages}\n\nQuestion: ${question}` },
    ];
    return streamChatCompletion(this.config.assistant, messages, signal);
  }
}
