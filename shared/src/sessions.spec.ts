import { describe, expect, it } from 'vitest';
import { formatBytes, formatMinutes, SESSION_MESSAGES } from './sessions';

describe('session wording', () => {
  it('writes sizes and durations the way people read them', () => {
    expect(formatBytes(10 * 1024 ** 3)).toBe('10 GB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect([1, 90, 60, 240].map(formatMinutes)).toEqual(['1 minute', '90 minutes', '1 hour', '4 hours']);
  });

  it('names the limit in the too-long message', () => {
    expect(SESSION_MESSAGES.tooLong('4 hours')).toBe('This recording is longer than 4 hours, the longest the analysis takes. Please upload a shorter one.');
  });
});
