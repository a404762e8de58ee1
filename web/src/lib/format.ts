/** How the app writes the numbers of an analysis. A missing value reads as a dash, never as 0. */

export const NO_VALUE = '—';

/** A time in a recording: 0:07, 12:30, 1:02:03. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A length of time, the one way the app writes one: under a minute in seconds with a decimal ("57.4 s"), from a
 * minute as a clock ("1:02", "1:02:03"), so that the same length reads the same on every screen.
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return NO_VALUE;
  return seconds < 59.95 ? `${formatDecimal(seconds)} s` : clock(seconds);
}

/** A share (0–1) as a whole percent: 0.456 → "46%". */
export function formatPercent(ratio: number | null): string {
  return ratio === null ? NO_VALUE : `${Math.round(ratio * 100)}%`;
}

/** A 0–100 score: a whole score as it is, a fractional one (an average) to one decimal. */
export function formatScore(score: number | null): string {
  return score === null ? NO_VALUE : String(Math.round(score * 10) / 10);
}

export function formatDecimal(value: number | null, digits = 1): string {
  return value === null ? NO_VALUE : value.toFixed(digits);
}

/** An enumeration value as a label: "technical" → "Technical". */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A time typed as m:ss, h:mm:ss or plain seconds, in seconds; null when it is not one. */
export function parseClock(text: string): number | null {
  const match = /^\s*(?:(?:(\d+):)?(\d{1,2}):)?(\d{1,2}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : null;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// The API's own messages write a day this way ("12 March 2026"); the screens that sit beside them do too.
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** A day in the coach's locale ("12 Mar 2026"). */
export const formatDate = (value: string | Date): string => dateFormat.format(new Date(value));
/** A day and time in the coach's locale ("12 Mar 2026, 18:30"). */
export const formatDateTime = (value: string | Date): string => dateTimeFormat.format(new Date(value));
/** A day written out as the plan messages write it ("12 March 2026"). */
export const formatDay = (value: string | Date): string => dayFormat.format(new Date(value));
