import { afterEach, describe, expect, it, vi } from 'vitest';
import { capitalize, parseClock, clock, formatDecimal, formatPercent, formatScore, formatTimeLeft } from './format';

describe('format', () => {
  it('writes a time in a recording as m:ss, and h:mm:ss past an hour', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(7.4)).toBe('0:07');
    expect(clock(59.6)).toBe('1:00');
    expect(clock(750)).toBe('12:30');
    expect(clock(3723)).toBe('1:02:03');
    expect(clock(-3)).toBe('0:00');
  });

  it('writes a share as a whole percent and a missing one as a dash', () => {
    expect(formatPercent(0.456)).toBe('46%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(null)).toBe('—');
  });

  it('writes a score to at most one decimal and keeps a missing score apart from 0', () => {
    expect(formatScore(72)).toBe('72');
    expect(formatScore(72.46)).toBe('72.5');
    expect(formatScore(64.04)).toBe('64');
    expect(formatScore(0)).toBe('0');
    expect(formatScore(null)).toBe('—');
  });

  it('writes a decimal with a fixed number of digits', () => {
    expect(formatDecimal(2.345)).toBe('2.3');
    expect(formatDecimal(4, 2)).toBe('4.00');
    expect(formatDecimal(null)).toBe('—');
  });

  it('capitalizes an enumeration value', () => {
    expect(capitalize('technical')).toBe('Technical');
    expect(capitalize('')).toBe('');
  });

  it('reads a time typed as m:ss, h:mm:ss or seconds, and nothing else', () => {
    expect(parseClock('0:42')).toBe(42);
    expect(parseClock('12:05')).toBe(725);
    expect(parseClock('1:02:03')).toBe(3723);
    expect(parseClock('42')).toBe(42);
    expect(parseClock(' 1:30 ')).toBe(90);
    expect(parseClock('')).toBeNull();
    expect(parseClock('abc')).toBeNull();
    expect(parseClock('1:2:3:4')).toBeNull();
  });

  it('writes the time an upload still needs in seconds, then minutes and seconds, then hours and minutes', () => {
    expect(formatTimeLeft(45)).toBe('45 s');
    expect(formatTimeLeft(125)).toBe('2 min 5 s');
    expect(formatTimeLeft(3780)).toBe('1 h 3 min');
  });

  describe('west of UTC', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      process.env.TZ = zone;
      vi.resetModules();
    });

    it('shows a bare date as that calendar day, not the evening before', async () => {
      process.env.TZ = 'America/Los_Angeles';
      vi.resetModules();
      const west = await import('./format');
      expect(west.formatShortDay('2026-03-01')).toMatch(/\b1\b/);
      expect(west.formatShortDay('2026-03-01')).toMatch(/Mar/);
      // A moment keeps its local day: 01:00 UTC is still the 28th in Los Angeles.
      expect(west.formatShortDay('2026-03-01T01:00:00.000Z')).toMatch(/Feb/);
      expect(west.formatCalendarDay('2026-03-01')).toMatch(/Mar/);
      expect(west.formatCalendarDay('2026-03-01')).toMatch(/\b1\b/);
    });
  });
});
