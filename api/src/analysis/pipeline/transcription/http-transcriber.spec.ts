import { describe, expect, it } from 'vitest';
import { COACHING_PROMPT, vocabularyPrompt } from './http-transcriber';

describe('vocabularyPrompt', () => {
  it('gives the coaching words, then the squad, as the text before the speech', () => {
    expect(vocabularyPrompt(['Sophie', 'Mary-Jo'])).toEqual({ prompt: `${COACHING_PROMPT} Players: Sophie, Mary-Jo.`, names: ['Sophie', 'Mary-Jo'] });
    expect(vocabularyPrompt([])).toEqual({ prompt: COACHING_PROMPT, names: [] });
  });

  it('stops before the prompt grows past what the model reads', () => {
    const squad = Array.from({ length: 60 }, (_, i) => `Maximiliano${String.fromCharCode(97 + (i % 26))}`);
    const { prompt, names } = vocabularyPrompt(squad);
    expect(prompt.length).toBeLessThanOrEqual(COACHING_PROMPT.length + 420);
    expect(prompt.startsWith(`${COACHING_PROMPT} Players: Maximilianoa, Maximilianob`)).toBe(true);
    expect(names.length).toBeLessThan(60);
    expect(prompt).toBe(`${COACHING_PROMPT} Players: ${names.join(', ')}.`);
  });
});
