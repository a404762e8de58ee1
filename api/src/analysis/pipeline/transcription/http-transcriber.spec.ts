import { describe, expect, it } from 'vitest';
import { vocabularyPrompt } from './http-transcriber';

describe('vocabularyPrompt', () => {
  it('lists the squad as the text before the speech, or nothing without one', () => {
    expect(vocabularyPrompt(['Sophie', 'Mary-Jo'])).toEqual({ prompt: 'Players: Sophie, Mary-Jo.', names: ['Sophie', 'Mary-Jo'] });
    expect(vocabularyPrompt([])).toEqual({ prompt: null, names: [] });
  });

  it('stops before the prompt grows past what the model reads', () => {
    const squad = Array.from({ length: 60 }, (_, i) => `Maximiliano${String.fromCharCode(97 + (i % 26))}`);
    const { prompt, names } = vocabularyPrompt(squad);
    expect(prompt!.length).toBeLessThanOrEqual(420);
    expect(prompt!.startsWith('Players: Maximilianoa, Maximilianob')).toBe(true);
    expect(names.length).toBeLessThan(60);
    expect(prompt).toBe(`Players: ${names.join(', ')}.`);
  });
});
