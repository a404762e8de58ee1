import { describe, expect, it } from 'vitest';
import { hasFilters, pageCount, readSessionFilters, sessionQueryString } from './session-filters';

describe('session filters', () => {
  it('reads the filters of the URL and drops values the API would refuse', () => {
    expect(readSessionFilters(new URLSearchParams('search=u12&status=failed&mediaType=video&page=3'))).toEqual({
      search: 'u12',
      status: 'failed',
      mediaType: 'video',
      page: 3,
    });
    expect(readSessionFilters(new URLSearchParams('status=done&mediaType=image&page=-2'))).toEqual({
      search: '',
      status: undefined,
      mediaType: undefined,
      page: 1,
    });
    expect(readSessionFilters(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(readSessionFilters(new URLSearchParams('page=abc')).page).toBe(1);
    expect(readSessionFilters(new URLSearchParams()).page).toBe(1);
  });

  it('writes the query string without empty parameters', () => {
    expect(sessionQueryString({})).toBe('');
    expect(sessionQueryString({ search: '   ', page: 1 })).toBe('');
    expect(sessionQueryString({ search: ' under 12s ', status: 'completed', mediaType: 'audio', page: 2 })).toBe(
      '?search=under+12s&status=completed&mediaType=audio&page=2',
    );
    expect(sessionQueryString({ pageSize: 50 })).toBe('?pageSize=50');
  });

  it('reads back what it writes', () => {
    const filters = { search: 'drills & games', status: 'processing', mediaType: 'video', page: 4 } as const;
    expect(readSessionFilters(new URLSearchParams(sessionQueryString(filters)))).toEqual(filters);
  });

  it('tells a filtered list from the whole list', () => {
    expect(hasFilters({ search: '', page: 3 })).toBe(false);
    expect(hasFilters({ search: '  ', page: 1 })).toBe(false);
    expect(hasFilters({ search: 'u12', page: 1 })).toBe(true);
    expect(hasFilters({ search: '', status: 'failed', page: 1 })).toBe(true);
    expect(hasFilters({ search: '', mediaType: 'audio', page: 1 })).toBe(true);
  });

  it('counts the pages of a total, with one page for an empty list', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(101, 50)).toBe(3);
  });
});
