import { describe, expect, it } from 'vitest';
import { mergeSquads } from './squad.service';

describe('mergeSquads', () => {
  it("keeps the coach's names and spelling first, then the team's names the coach does not already have", () => {
    expect(mergeSquads(['Ana', 'sophie'], ['Sophie', 'Kwame', 'ANA', 'Mary-Jo'])).toEqual(['Ana', 'sophie', 'Kwame', 'Mary-Jo']);
  });

  it('takes a name the team lists twice once, and either squad alone as it is', () => {
    expect(mergeSquads([], ['Kwame', 'kwame'])).toEqual(['Kwame']);
    expect(mergeSquads(['Leon'], [])).toEqual(['Leon']);
    expect(mergeSquads([], [])).toEqual([]);
  });
});
