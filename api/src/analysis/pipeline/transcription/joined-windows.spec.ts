import { describe, expect, it } from 'vitest';
import { COACHING_PROMPT } from './http-transcriber';
import { assignWords, dropPromptEcho, joinSpans } from './joined-windows';
import { recognisedOf, wordsOf } from './whisper-transcriber';
import { TranscriptionError } from './transcriber';

const word = (text: string, start: number, end = start + 0.3, probability = 0.9) => ({ word: text, start, end, probability });
const words = (text: string) => text.split(' ').map((w, i) => word(w, i * 0.4));

describe('joinSpans', () => {
  it('joins consecutive spans in order with half a second of silence, into windows of at most 28 s', () => {
    const spans = [
      { start: 1, end: 3 }, // 2 s
      { start: 10, end: 20 }, // 10 s
      { start: 30, end: 45 }, // 15 s: 2 + 0.5 + 10 + 0.5 + 15 = 28 fits
      { start: 50, end: 51 }, // would make 29.5: a new window
    ];
    const windows = joinSpans(spans);
    expect(windows).toEqual([
      {
        spans: [
          { index: 0, start: 0, end: 2 },
          { index: 1, start: 2.5, end: 12.5 },
          { index: 2, start: 13, end: 28 },
        ],
        seconds: 28,
      },
      { spans: [{ index: 3, start: 0, end: 1 }], seconds: 1 },
    ]);
  });

  it('sends a span longer than a window alone, and nothing for no spans', () => {
    const windows = joinSpans([
      { start: 0, end: 2 },
      { start: 5, end: 45 },
      { start: 50, end: 52 },
    ]);
    expect(windows.map((w) => w.spans.map((s) => s.index))).toEqual([[0], [1], [2]]);
    expect(windows[1]!.seconds).toBe(40);
    expect(joinSpans([])).toEqual([]);
  });
});

describe('assignWords', () => {
  const places = [
    { index: 4, start: 0, end: 2 },
    { index: 5, start: 2.5, end: 5 },
    { index: 6, start: 5.5, end: 6 },
  ];

  it('gives each span the words whose midpoint falls in its place, and a word in a gap to the nearer span', () => {
    const heard = [
      word('Keep', 0.1, 0.4),
      word('wide.', 1.8, 2.3),
      word('Well', 2.3, 2.6),
      word('done.', 4.6, 5.2),
      word('Now!', 5.5, 5.9),
      word('late', 7, 7.5),
    ];
    expect(assignWords(heard, places).map((ws) => ws.map((w) => w.word))).toEqual([
      ['Keep', 'wide.'],
      ['Well', 'done.'],
      ['Now!', 'late'],
    ]);
  });

  it('gives nothing to a span Whisper heard nothing in', () => {
    expect(assignWords([word('Go', 0.5)], places)).toEqual([[word('Go', 0.5)], [], []]);
    expect(assignWords([word('Go', 0.5)], [])).toEqual([]);
  });
});

describe('dropPromptEcho', () => {
  const squad = ['James', 'Sophie', 'Oliver'];
  const prompt = 'Players: James, Sophie, Oliver.';
  const text = (ws: { word: string }[]) => ws.map((w) => w.word).join(' ');

  it('drops the squad repeated back in place of speech', () => {
    expect(text(dropPromptEcho(words('James, Sophie, Oliver, Oliver, Oliver, Oliver.'), squad, prompt))).toBe('');
    expect(text(dropPromptEcho(words('Players: James, Sophie, Oliver.'), squad, prompt))).toBe('');
    expect(text(dropPromptEcho(words('Players: Sophie.'), ['Sophie'], 'Players: Sophie.'))).toBe('');
    expect(text(dropPromptEcho(words('Well done. James, Sophie, Oliver. Switch the play.'), squad, prompt))).toBe('Well done. Switch the play.');
    expect(text(dropPromptEcho(words('Oliver, Oliver, find the space.'), squad, prompt))).toBe('find the space.');
  });

  it('keeps a coach calling players by name', () => {
    for (const line of [
      'Sophie, switch the play!',
      'Well done James and Sophie.',
      'Oliver, James, Sophie, go left.',
      'James, Sophie, press now.',
      'Players, come in.',
    ]) {
      expect(text(dropPromptEcho(words(line), squad, prompt))).toBe(line);
    }
  });

  it('drops the coaching words repeated back, and keeps a coach saying a few of them', () => {
    const coaching = `${COACHING_PROMPT} Players: James, Sophie, Oliver.`;
    expect(text(dropPromptEcho(words(COACHING_PROMPT), [], COACHING_PROMPT))).toBe('');
    expect(text(dropPromptEcho(words('Football coaching. Well done.'), squad, coaching))).toBe('');
    expect(text(dropPromptEcho(words('Press now! Well done, good pass, brilliant. Switch it, man on.'), squad, coaching))).toBe('Press now!');
    for (const line of ['Well done, good pass, Sophie.', 'Switch it, man on!', 'First touch, find space, brilliant.', 'Good pass, well done.']) {
      expect(text(dropPromptEcho(words(line), squad, coaching))).toBe(line);
      expect(text(dropPromptEcho(words(line), [], COACHING_PROMPT))).toBe(line);
    }
  });

  it('changes nothing without a prompt', () => {
    expect(text(dropPromptEcho(words('James, James, James'), [], null))).toBe('James, James, James');
  });
});

describe('the words of an answer', () => {
  it('reads verbose_json words, and refuses an answer without word times', () => {
    expect(
      wordsOf({
        text: 'Go now',
        words: [
          { word: ' Go', start: 0, end: 0.2, probability: 0.5 },
          { word: 'now', start: 0.3, end: 0.5 },
          { word: ' ' },
          { word: '.', start: 0.5, end: 0.6 },
        ],
      }),
    ).toEqual([
      { word: 'Go', start: 0, end: 0.2, probability: 0.5 },
      { word: 'now', start: 0.3, end: 0.5, probability: NaN },
    ]);
    expect(() => wordsOf({ text: 'Go now' })).toThrow(TranscriptionError);
    expect(() => wordsOf(null)).toThrow(TranscriptionError);
  });

  it("gives a span its words' text and their mean probability as its confidence", () => {
    expect(recognisedOf([word('Well', 0, 0.2, 0.9), word('done.', 0.3, 0.6, 0.5)])).toEqual({ text: 'Well done.', confidence: 0.7 });
    expect(recognisedOf([])).toEqual({ text: '', confidence: null });
  });
});
