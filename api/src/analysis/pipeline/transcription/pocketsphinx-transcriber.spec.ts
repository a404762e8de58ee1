import { describe, expect, it } from 'vitest';
import { parseHypotheses, parseWordConfidences } from './pocketsphinx-transcriber';

describe('pocketsphinx output', () => {
  it('reads each span text from the hypothesis file, alternative pronunciations unmarked', () => {
    expect(parseHypotheses('where is the(2) space (u1 -11232)\nwe stopped them (u0 -8746)\n', 3)).toEqual(['we stopped them', 'where is the space', '']);
  });

  it('averages the word posteriors of each span from the CTM file, leaving fillers and silences out', () => {
    // As pocketsphinx_batch -ctm writes it: span, channel, start, duration, word, posterior.
    const ctm = [
      'u0 1 0.27 0.14 we 0.040',
      'u0 1 0.42 0.38 stopped 0.010',
      'u0 1 0.80 0.20 <sil> 0.990',
      'u2 1 0.17 0.23 where 0.900',
      'u2 1 0.41 0.13 is(2) 0.700',
      'u2 1 0.60 0.10 [NOISE] 0.950',
      'u2 1 0.70 0.10 ++BREATH++ 0.950',
    ].join('\n');
    const [first, second, third] = parseWordConfidences(ctm, 3);
    expect(first).toBeCloseTo(0.025, 6);
    expect(second).toBeNull();
    expect(third).toBeCloseTo(0.8, 6);
  });
});
