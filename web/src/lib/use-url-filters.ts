import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const SEARCH_DEBOUNCE_MS = 300;

interface UrlFilters {
  search: string;
  /** 1-based. */
  page: number;
}

/**
 * A list's search, filters and page kept in the page's URL (reload and back keep them), as the sessions lists use
 * them: typing searches once the person pauses and replaces the history entry instead of adding one per pause; a
 * new filter starts again at the first page; a page past the end (an old link, the last row deleted) moves to the
 * last page.
 */
export function useUrlFilters<F extends UrlFilters>(read: (params: URLSearchParams) => F, write: (filters: F) => string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = read(searchParams);
  const [searchText, setSearchText] = useState(filters.search);

  // The latest params and the pending search, read when a change is applied rather than when it was scheduled:
  // react-router hands a functional update the params of the render that created it, which may be stale.
  const latestParams = useRef(searchParams);
  latestParams.current = searchParams;
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const update = (change: Partial<F>, replace = false) => {
    const next = new URLSearchParams(write({ ...read(latestParams.current), page: 1, ...change }));
    latestParams.current = next;
    setSearchParams(next, { replace });
  };
  /** A filter chosen while a search is still waiting applies that search too, so no typing is lost. */
  const chooseFilter = (change: Partial<F>) => {
    clearTimeout(searchTimer.current);
    update({ search: searchText, ...change } as Partial<F>);
  };

  // The search box follows the URL when it changes from outside (back, a link), not while the person types.
  useEffect(() => {
    setSearchText((current) => (current.trim() === filters.search.trim() ? current : filters.search));
  }, [filters.search]);

  useEffect(() => {
    if (searchText.trim() === filters.search.trim()) return;
    searchTimer.current = setTimeout(() => update({ search: searchText } as Partial<F>, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(searchTimer.current);
  }, [searchText]); // only typing starts the wait

  return { filters, searchText, setSearchText, update, chooseFilter, clear: () => setSearchParams(new URLSearchParams()) };
}

/** Moves to the last page once a settled answer says the page asked for is past it. */
export function useClampPage(page: number, pages: number, settled: boolean, goTo: (page: number) => void) {
  useEffect(() => {
    if (settled && page > pages) goTo(pages);
  }, [settled, page, pages]);
}
