import { COMPARE } from '@touchline/shared';

/** What the Compare page keeps in its URL: the chosen sessions (shareable) and the picker's search and page. */
export interface CompareSelection {
  ids: string[];
  search: string;
  /** 1-based page of the picker. */
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the selection from a URL's search params: unknown ids are dropped, repeats once, at most COMPARE.max. */
export function readCompareSelection(params: URLSearchParams): CompareSelection {
  const ids = [
    ...new Set(
      (params.get('ids') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => UUID.test(id)),
    ),
  ].slice(0, COMPARE.max);
  const page = Number(params.get('page'));
  return { ids, search: params.get('search') ?? '', page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The URL search of a selection, without the defaults (no blank search, no first page). */
export function compareSelectionSearch(selection: CompareSelection): string {
  const params = new URLSearchParams();
  if (selection.ids.length) params.set('ids', selection.ids.join(','));
  const search = selection.search.trim();
  if (search) params.set('search', search);
  if (selection.page > 1) params.set('page', String(selection.page));
  // Commas stay readable in a link a coach shares.
  return params.toString().replaceAll('%2C', ',');
}

/** Adds or removes a session; a fifth one is not added. */
export function toggleSession(ids: string[], id: string): string[] {
  if (ids.includes(id)) return ids.filter((other) => other !== id);
  return ids.length >= COMPARE.max ? ids : [...ids, id];
}
