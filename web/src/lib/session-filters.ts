import { MEDIA_TYPES, PROCESSING_STATUSES, type MediaType, type ProcessingStatus, type SessionQuery } from '@touchline/shared';

/** The sessions list's filters, as kept in the page's URL so that reload and back keep them. */
export interface SessionFilters {
  search: string;
  status?: ProcessingStatus;
  mediaType?: MediaType;
  /** 1-based. */
  page: number;
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => value !== null && (values as readonly string[]).includes(value);

/** Reads the filters from a URL's search params; a value the API would refuse is dropped. */
export function readSessionFilters(params: URLSearchParams): SessionFilters {
  const status = params.get('status');
  const mediaType = params.get('mediaType');
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    status: isOneOf(PROCESSING_STATUSES, status) ? status : undefined,
    mediaType: isOneOf(MEDIA_TYPES, mediaType) ? mediaType : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The query string of `GET /api/sessions` (and of the page's URL) without the empty parameters: no blank
 * search, no "all" filter, no first page, which are the API's defaults.
 */
export function sessionQueryString(query: SessionQuery): string {
  const params = new URLSearchParams();
  const search = query.search?.trim();
  if (search) params.set('search', search);
  if (query.status) params.set('status', query.status);
  if (query.mediaType) params.set('mediaType', query.mediaType);
  if (query.page !== undefined && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function hasFilters(filters: SessionFilters): boolean {
  return Boolean(filters.search.trim() || filters.status || filters.mediaType);
}

/** How many pages a total makes; an empty list still has one page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
