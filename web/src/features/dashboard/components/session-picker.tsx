import { COMPARE, SESSION_PAGE, type CoachingSessionDto } from '@touchline/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { readApiError } from '@/lib/api-client';
import { useSessionPage } from '../api/sessions-api';
import { pageCount } from '@/lib/session-filters';
import { formatDate } from '@/lib/format';

const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  selected: string[];
  search: string;
  page: number;
  onToggle: (session: CoachingSessionDto) => void;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
}

/** The coach's analysed sessions, searchable and paged like the sessions list, each with a box to choose it. */
export function SessionPicker({ selected, search, page, onToggle, onSearch, onPage }: Props) {
  const [text, setText] = useState(search);
  const sessions = useSessionPage({ status: 'completed', search, page, pageSize: SESSION_PAGE.defaultSize });

  useEffect(() => {
    setText((current) => (current.trim() === search.trim() ? current : search));
  }, [search]);

  useEffect(() => {
    if (text.trim() === search.trim()) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]); // only typing starts the wait

  const data = sessions.data;
  const pages = data ? pageCount(data.total, data.pageSize || SESSION_PAGE.defaultSize) : 1;
  const full = selected.length >= COMPARE.max;

  return (
    <section aria-labelledby="pick-sessions" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="pick-sessions" className="text-lg font-semibold text-slate-900">
        Choose {COMPARE.min} to {COMPARE.max} sessions
      </h2>
      <div role="search" aria-label="Find sessions to compare" className="mt-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Search analysed sessions
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Title or file name"
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm font-normal text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </label>
      </div>
      {sessions.isPending && <Spinner />}
      {sessions.isError && <FormAlert>{readApiError(sessions.error)?.message ?? 'Your sessions could not be loaded. Please try again.'}</FormAlert>}
      {data?.total === 0 && <p className="mt-3 text-sm text-slate-600">No analysed sessions match.</p>}
      {data && data.items.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Analysed sessions" aria-busy={sessions.isPlaceholderData}>
          {data.items.map((session) => {
            const checked = selected.includes(session.id);
            return (
              <li key={session.id}>
                <label className="flex cursor-pointer items-center gap-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => onToggle(session)}
                  />
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{session.title}</span>
                  <span className="shrink-0 text-slate-500">{formatDate(session.createdAt)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {full && <p className="mt-2 text-sm text-slate-600">You can compare at most {COMPARE.max} sessions; remove one to choose another.</p>}
      {data && pages > 1 && (
        <nav aria-label="Pages of sessions" className="mt-3 flex items-center justify-between gap-4">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {Math.min(page, pages)} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}
