import { describe, expect, it } from 'vitest';
import { batchesOf, DECODER_SETTINGS, parseHypotheses, parseWordConfidences, pocketsphinxArguments } from './pocketsphinx-transcriber';

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

  it('splits the spans into even consecutive batches, whole rounds of parallel runs', () => {
    const sizes = (count: number, perRun: number, parallel: number) => batchesOf(count, perRun, parallel).map((b) => b.count);
    // 59 spans on two cores: four runs of 14–15 (two rounds), not 25, 25 and 9 (one core alone for the last).
    expect(sizes(59, 25, 2)).toEqual([14, 15, 15, 15]);
    expect(sizes(186, 25, 2)).toHaveLength(8);
    expect(sizes(10, 25, 2)).toEqual([5, 5]);
    expect(sizes(1, 25, 4)).toEqual([1]);
    expect(sizes(0, 25, 2)).toEqual([]);
    for (const [count, perRun, parallel] of [
      [59, 25, 2],
      [186, 25, 2],
      [7, 25, 4],
      [101, 25, 3],
    ] as const) {
      const batches = batchesOf(count, perRun, parallel);
      // Consecutive, covering every span once, none over the limit.
      expect(batches.map((b) => b.first)).toEqual(batches.map((_, i) => batches.slice(0, i).reduce((sum, b) => sum + b.count, 0)));
      expect(batches.reduce((sum, b) => sum + b.count, 0)).toBe(count);
      expect(Math.max(...batches.map((b) => b.count))).toBeLessThanOrEqual(perRun);
      expect(Math.max(...batches.map((b) => b.count)) - Math.min(...batches.map((b) => b.count))).toBeLessThanOrEqual(1);
    }
  });

  it('runs the recogniser over the control file with the model files and the decoder settings', () => {
    const args = pocketsphinxArguments({ dir: '/work', ext: '.raw', ctl: '/t/spans.ctl', hyp: '/t/spans.hyp', ctm: '/t/spans.ctm' }, '/model');
    const value = (name: string) => args[args.indexOf(name) + 1];
    expect(value('-adcin')).toBe('yes');
    expect(value('-cepdir')).toBe('/work');
    expect(value('-cepext')).toBe('.raw');
    expect(value('-ctl')).toBe('/t/spans.ctl');
    expect(value('-hyp')).toBe('/t/spans.hyp');
    // The word posteriors the transcript's confidence is made of.
    expect(value('-ctm')).toBe('/t/spans.ctm');
    expect(value('-hmm')).toBe('/model/en-us');
    expect(value('-lm')).toBe('/model/en-us.lm.bin');
    expect(value('-dict')).toBe('/model/cmudict-en-us.dict');
    expect(args.slice(args.length - DECODER_SETTINGS.length)).toEqual([...DECODER_SETTINGS]);
    // Every option has its value, and none is given twice.
    const names = args.filter((_, i) => i % 2 === 0);
    expect(names.every((name) => name.startsWith('-'))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });
});
