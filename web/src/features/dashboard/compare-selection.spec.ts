import { describe, expect, it } from 'vitest';
import { compareSelectionSearch, readCompareSelection, toggleSession } from './compare-selection';

const a = '0b6b6c1e-8a47-4c8e-9a39-2f0f3f1c0a01';
const b = '0b6b6c1e-8a47-4c8e-9a39-2f0f3f1c0a02';
const c = '0b6b6c1e-8a47-4c8e-9a39-2f0f3f1c0a03';
const d = '0b6b6c1e-8a47-4c8e-9a39-2f0f3f1c0a04';
const e = '0b6b6c1e-8a47-4c8e-9a39-2f0f3f1c0a05';

describe('compare selection in the URL', () => {
  it('reads the chosen sessions, the search and the page, dropping what the API would refuse', () => {
    expect(readCompareSelection(new URLSearchParams(`ids=${a},${b},nope,${a}&search=u12&page=2`))).toEqual({ ids: [a, b], search: 'u12', page: 2 });
    expect(readCompareSelection(new URLSearchParams(`ids=${a},${b},${c},${d},${e}&page=0`))).toEqual({ ids: [a, b, c, d], search: '', page: 1 });
    expect(readCompareSelection(new URLSearchParams(''))).toEqual({ ids: [], search: '', page: 1 });
  });

  it('writes a shareable search without the defaults and reads it back the same', () => {
    const search = compareSelectionSearch({ ids: [a, b], search: ' press ', page: 1 });
    expect(search).toBe(`ids=${a},${b}&search=press`);
    expect(readCompareSelection(new URLSearchParams(search))).toEqual({ ids: [a, b], search: 'press', page: 1 });
    expect(compareSelectionSearch({ ids: [], search: '', page: 1 })).toBe('');
  });

  it('adds and removes sessions, at most four', () => {
    expect(toggleSession([a], b)).toEqual([a, b]);
    expect(toggleSession([a, b], a)).toEqual([b]);
    expect(toggleSession([a, b, c, d], e)).toEqual([a, b, c, d]);
  });
});
