import { MEDIA_TYPES, PROCESSING_STATUSES, SESSION_PAGE } from '@touchline/shared';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { readApiError } from '@/lib/api-client';
import { capitalize } from '@/lib/format';
import { pageCount, type SessionFilters } from '@/lib/session-filters';
import { STATUS_LABELS } from '@/lib/session-status';
import { useClampPage } from '@/lib/use-url-filters';

/** The search box's and the filters' look in a sessions list's filter bar. */
export const filterControlClass =
  'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

const filterLabelClass = 'flex flex-col gap-1 text-sm font-medium text-slate-700';
const emptyBoxClass = 'rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600';

interface SessionFilterBarProps {
  /** The search landmark's name. */
  label: string;
  searchText: string;
  onSearchText: (text: string) => void;
  filters: Pick<SessionFilters, 'status' | 'mediaType'>;
  onChoose: (change: Pick<SessionFilters, 'status' | 'mediaType'>) => void;
  /** The list's own filters, between the search box and the status. */
  children?: ReactNode;
}

/** A sessions list's search box and its status and media type filters. */
export function SessionFilterBar({ label, searchText, onSearchText, filters, onChoose, children }: SessionFilterBarProps) {
  return (
    <div role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      <label className={`min-w-56 flex-1 ${filterLabelClass}`}>
        Search
        <input
          type="search"
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
          placeholder="Title or file name"
          className={`${filterControlClass} font-normal`}
        />
      </label>
      {children}
      <FilterSelect
        label="Status"
        value={filters.status}
        allLabel="All statuses"
        options={PROCESSING_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
        onChange={(status) => onChoose({ status })}
      />
      <FilterSelect
        label="Media type"
        value={filters.mediaType}
        allLabel="All media"
        options={MEDIA_TYPES.map((mediaType) => ({ value: mediaType, label: capitalize(mediaType) }))}
        onChange={(mediaType) => onChoose({ mediaType })}
      />
    </div>
  );
}

interface FilterSelectProps<T extends string> {
  label: string;
  value: T | undefined;
  /** The first option, which chooses no filter. */
  allLabel: string;
  options: { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
  /** Options after the listed ones. */
  children?: ReactNode;
}

/** One filter of a sessions list's filter bar: "all", then one option per value. */
export function FilterSelect<T extends string>({ label, value, allLabel, options, onChange, children }: FilterSelectProps<T>) {
  return (
    <label className={filterLabelClass}>
      {label}
      <select value={value ?? ''} onChange={(event) => onChange((event.target.value || undefined) as T | undefined)} className={filterControlClass}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </label>
  );
}

/** The dashed box a sessions list shows when it has nothing to list. */
export function EmptySessions({ children }: { children: ReactNode }) {
  return <div className={emptyBoxClass}>{children}</div>;
}

interface SessionPageQuery<Item> {
  data?: { total: number; pageSize: number; items: Item[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
}

interface SessionListProps<Item> {
  /** The query of the page shown. */
  sessions: SessionPageQuery<Item>;
  /** 1-based. */
  page: number;
  /** Whether a search or a filter narrows the list. */
  filtered: boolean;
  /** Shown when the page cannot be loaded and the API did not say why. */
  loadError: string;
  /** Shown when there are no sessions at all. */
  empty: ReactNode;
  /** The list's accessible name. */
  listLabel: string;
  renderItem: (item: Item) => ReactNode;
  /** `replace` when the page moves by itself (past the end), so the history keeps no page that does not exist. */
  onPage: (page: number, replace?: boolean) => void;
  onClear: () => void;
}

/**
 * A page of a sessions list: its total, what it shows when there is nothing (to clear the filters when they
 * narrowed it away), the rows and the page buttons. A page past the end (the last session of the last page
 * deleted, an old link) moves to the last page.
 */
export function SessionList<Item>({ sessions, page, filtered, loadError, empty, listLabel, renderItem, onPage, onClear }: SessionListProps<Item>) {
  const data = sessions.data;
  const pages = data ? pageCount(data.total, data.pageSize || SESSION_PAGE.defaultSize) : 1;

  useClampPage(page, pages, !!data && !sessions.isPlaceholderData, (last) => onPage(last, true));

  return (
    <>
      {sessions.isPending && <Spinner />}
      {sessions.isError && <FormAlert>{readApiError(sessions.error)?.message ?? loadError}</FormAlert>}
      {data && (
        <p className="mb-2 text-sm text-slate-600" role="status" data-testid="session-total">
          {data.total} {data.total === 1 ? 'session' : 'sessions'}
          {filtered ? ' match' : ''}
        </p>
      )}
      {data?.total === 0 &&
        (filtered ? (
          <EmptySessions>
            <p>No sessions match.</p>
            <Button variant="outline" className="mt-4" onClick={onClear}>
              Clear filters
            </Button>
          </EmptySessions>
        ) : (
          <EmptySessions>{empty}</EmptySessions>
        ))}
      {data && data.items.length > 0 && (
        <ul
          className={`divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white ${sessions.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label={listLabel}
          aria-busy={sessions.isPlaceholderData}
        >
          {data.items.map(renderItem)}
        </ul>
      )}
      {data && data.total > 0 && (
        <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4">
          <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600" data-testid="page-indicator">
            Page {Math.min(page, pages)} of {pages}
          </span>
          <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
