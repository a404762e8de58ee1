import { HELP_PATHS } from '@touchline/shared';
import { Bot, Send, User } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/text-field';
import { askAssistant } from '../api/help-api';

interface Exchange {
  id: number;
  question: string;
  answer: string;
  sources: { title: string; section: string; url: string }[];
  known: boolean | null;
  state: 'asking' | 'done' | 'failed';
}

// The Markdown library renders the assistant's answers, so it comes with the first answer, not with the page.
const HelpMarkdown = lazy(() => import('../components/help-markdown').then(({ HelpMarkdown }) => ({ default: HelpMarkdown })));

const EXAMPLES = ['How do I stop wind noise?', 'What does talk ratio mean?', 'How can I improve my engagement score?'];

function Answer({ exchange }: { exchange: Exchange }) {
  if (exchange.state === 'failed') {
    return (
      <p className="text-sm text-red-700">
        The assistant cannot answer right now. Please try again later, or{' '}
        <Link to={HELP_PATHS.contact} className="underline">
          contact support
        </Link>
        .
      </p>
    );
  }
  return (
    <div>
      {exchange.answer ? (
        <Prose>
          <Suspense fallback={<p className="whitespace-pre-line">{exchange.answer}</p>}>
            <HelpMarkdown>{exchange.answer}</HelpMarkdown>
          </Suspense>
        </Prose>
      ) : (
        <p className="text-sm text-slate-500">Looking through the help pages…</p>
      )}
      {exchange.state === 'done' && exchange.known === false && (
        <p className="mt-3 text-sm">
          <Link to={HELP_PATHS.contact} className="font-medium text-brand-700 underline">
            Contact support
          </Link>
        </p>
      )}
      {exchange.state === 'done' && exchange.known && exchange.sources.length > 0 && (
        <div className="mt-3 text-sm">
          <p className="font-medium text-slate-700">Sources</p>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {exchange.sources.map((source) => (
              <li key={source.url}>
                <Link to={source.url} className="text-brand-700 underline">
                  {source.section ? `${source.title}: ${source.section}` : source.title}
                </Link>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

export default function ChatbotScreen() {
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [draft, setDraft] = useState('');
  const stop = useRef<(() => void) | null>(null);
  const nextId = useRef(1);
  const asking = exchanges.some((e) => e.state === 'asking');

  useEffect(() => () => stop.current?.(), []);

  const update = (id: number, change: (e: Exchange) => Partial<Exchange>) => setExchanges((all) => all.map((e) => (e.id === id ? { ...e, ...change(e) } : e)));

  const ask = (question: string) => {
    const id = nextId.current++;
    setExchanges((all) => [...all, { id, question, answer: '', sources: [], known: null, state: 'asking' }]);
    stop.current = askAssistant(question, {
      onSources: ({ known, sources }) => update(id, () => ({ known, sources })),
      onDelta: (text) => update(id, (e) => ({ answer: e.answer + text })),
      onAnswer: (answer) => update(id, () => ({ answer })),
      onDone: () => update(id, () => ({ state: 'done' })),
      onError: () => update(id, () => ({ state: 'failed' })),
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const question = draft.trim();
    if (question.length < 2 || asking) return;
    setDraft('');
    ask(question);
  };

  return (
    <Page
      title="AI Assistant"
      lead="Ask about recording, uploading, your report and scores, teams or privacy. The assistant answers from the guides, the FAQ and the coaching rubric, and never reads your sessions."
    >
      <div className="max-w-3xl space-y-6">
        <ol aria-label="Conversation" aria-live="polite" className="space-y-6">
          {exchanges.map((exchange) => (
            <li key={exchange.id} className="space-y-3">
              <div className="flex gap-3">
                <User className="mt-1 h-5 w-5 shrink-0 text-slate-500" aria-hidden />
                <p className="font-medium text-slate-900">{exchange.question}</p>
              </div>
              <div className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="assistant-answer">
                <Bot className="mt-1 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                <div className="min-w-0 flex-1">
                  <Answer exchange={exchange} />
                </div>
              </div>
            </li>
          ))}
        </ol>
        {exchanges.length === 0 && (
          <div className="flex flex-wrap gap-2">
            {EXAMPLES.map((example) => (
              <button
                key={example}
                type="button"
                onClick={() => ask(example)}
                className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-500"
              >
                {example}
              </button>
            ))}
          </div>
        )}
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor="assistant-question" className="sr-only">
            Your question
          </label>
          <input
            id="assistant-question"
            className={`${inputClass} mt-0`}
            placeholder="Ask a question"
            maxLength={500}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit" disabled={asking || draft.trim().length < 2}>
            <Send className="h-4 w-4" aria-hidden />
            Ask
          </Button>
        </form>
      </div>
    </Page>
  );
}
