// The word error rate the transcription tests measure transcripts by.

/** Word error rate: word-level edit distance from the reference, over the reference's words. */
export function wordErrorRate(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return reference.length ? previous[hypothesis.length]! / reference.length : 0;
}
