import { describe, expect, it } from 'vitest';
import { eachConcurrently } from './each-concurrently';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('eachConcurrently', () => {
  it('works through every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachConcurrently([10, 11, 12, 13, 14], 2, async (item, index) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      seen[index] = item;
      running -= 1;
    });
    expect(seen).toEqual([10, 11, 12, 13, 14]);
    expect(most).toBe(2);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const run = eachConcurrently([1, 2, 3, 4, 5, 6], 2, async (item) => {
      started.push(item);
      await tick();
      if (item === 2) throw new Error('recogniser crashed');
    });
    await expect(run).rejects.toThrow('recogniser crashed');
    expect(started).toEqual([1, 2, 3]);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await eachConcurrently([], 4, async () => void (calls += 1));
    expect(calls).toBe(0);
  });
});
