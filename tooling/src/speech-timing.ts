// How far measured speech segments sit from a generated session's truth, start and end apart: the measure of
// the boundary error that decides whether a pause near the intervention gap is counted as one.

/** A stretch of speech, in seconds from the start of the recording. */
export interface Stretch {
  start: number;
  end: number;
}

export interface BoundaryErrors {
  /** Measured start minus true start (seconds) of each segment's first line: positive when speech was heard late. */
  starts: number[];
  /** Measured end minus true end of each segment's last line: negative when speech was cut short. */
  ends: number[];
  /** Lines not within exactly one segment (split at an inner pause, or missed): they give no error. */
  unmatched: number;
}

/**
 * Each measured segment against the lines it overlaps: its start against its first line's start, its end against
 * its last line's end. A segment that holds several lines (joined across a breath) gives one start and one end.
 */
export function boundaryErrors(truth: readonly Stretch[], measured: readonly Stretch[]): BoundaryErrors {
  const overlapping = (line: Stretch) => measured.filter((segment) => segment.start < line.end && segment.end > line.start);
  const result: BoundaryErrors = { starts: [], ends: [], unmatched: 0 };
  truth.forEach((line, i) => {
    const segments = overlapping(line);
    if (segments.length !== 1) return void (result.unmatched += 1);
    const segment = segments[0]!;
    const previous = truth[i - 1];
    const next = truth[i + 1];
    if (!previous || !overlapping(previous).includes(segment)) result.starts.push(segment.start - line.start);
    if (!next || !overlapping(next).includes(segment)) result.ends.push(segment.end - line.end);
  });
  return result;
}

/** The mean of the errors' sizes, seconds; 0 for none. */
export function meanAbsolute(errors: readonly number[]): number {
  return errors.length ? errors.reduce((sum, e) => sum + Math.abs(e), 0) / errors.length : 0;
}
