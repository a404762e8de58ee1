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

/** The time an upload still needs, to the second below a minute and the minute from an hour: "45 s", "2 min 5 s", "1 h 3 min". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
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

// Every date the app writes is formatted here. The coach's locale, unless said otherwise.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const utcDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const numericDateFormat = new Intl.DateTimeFormat(undefined);
const numericDateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const shortDayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const utcShortDayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
// The API's own messages write a day this way ("12 March 2026"); the screens that sit beside them do too.
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const dayOfMonthFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** A bare date (2026-03-12) is a calendar day, not midnight UTC: it is written in UTC so it is not shifted to the day before. */
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const calendarDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** A day in the coach's locale ("12 Mar 2026"). */
export const formatDate = (value: string | Date): string => dateFormat.format(new Date(value));
/** A day and time in the coach's locale ("12 Mar 2026, 18:30"). */
export const formatDateTime = (value: string | Date): string => dateTimeFormat.format(new Date(value));
/** A day written out as the plan messages write it ("12 March 2026"). */
export const formatDay = (value: string | Date): string => dayFormat.format(new Date(value));
/** A day of this year written out, in UTC ("12 March"): when a monthly count starts again. */
export const formatDayOfMonth = (value: string | Date): string => dayOfMonthFormat.format(new Date(value));
/** A calendar day (2026-03-12) in the coach's locale ("12 Mar 2026"), the same day wherever they are. */
export const formatCalendarDay = (date: string): string => utcDateFormat.format(calendarDay(date));
/** A day in the coach's locale, in figures ("12/03/2026"). */
export const formatNumericDate = (value: string | Date): string => numericDateFormat.format(new Date(value));
/** A day and time in the coach's locale, in figures, to the second ("12/03/2026, 18:30:05"). */
export const formatNumericDateTime = (value: string | Date): string => numericDateTimeFormat.format(new Date(value));

/** "12 Mar", for a chart's axis: a bare date as that calendar day, a moment as the coach's local day. */
export function formatShortDay(date: string): string {
  return BARE_DATE.test(date) ? utcShortDayFormat.format(calendarDay(date)) : shortDayFormat.format(new Date(date));
}
