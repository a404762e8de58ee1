import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client defaults', () => {
  it('keeps data fresh 2 minutes, cached 10, with no retries, focus refetch or polling', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 120_000, gcTime: 600_000, retry: false, refetchOnWindowFocus: false, refetchInterval: false });
    expect(mutations).toMatchObject({ retry: false });
  });
});
