import { describe, expect, it } from 'vitest';
import { allHelpPassages } from './help-content';
import { HelpIndex, helpTerm } from './help-index';

// Questions a coach asks in their own words, each with the guide that answers it.
const QUESTIONS: [question: string, guide: string][] = [
  ['Is a clip-on mic better than my phone?', 'recording'],
  ['The wind was roaring in my recording, what can I do?', 'recording'],
  ['Where do I attach the microphone on my body?', 'recording'],
  ['Can I upload a MOV video from my iPhone?', 'recording'],
  ['What is the maximum file size?', 'recording'],
  ['My upload stopped when the wifi dropped, will it continue?', 'uploading'],
  ['How do I pause an upload and resume it later?', 'uploading'],
  ['Why did my analysis fail and how do I try again?', 'uploading'],
  ['What does talk ratio mean?', 'reading-your-report'],
  ['How are interventions counted?', 'reading-your-report'],
  ['What is the difference between hands-off and balanced style?', 'reading-your-report'],
  ['Why is my technical score not scored?', 'reading-your-report'],
  ['How do I get a better engagement score?', 'scores'],
  ['How should I use praise and scolding with players?', 'scores'],
  ['How can I ask more questions to improve tactical coaching?', 'scores'],
  ['Can I put two sessions side by side?', 'compare-and-development'],
  ['How do I set a goal with a target date?', 'compare-and-development'],
  ['How does an Elite Admin invite coaches to the team?', 'teams-and-invitations'],
  ['Can an outside mentor review one of my sessions without an account?', 'external-review'],
  ['Are my recordings stored in the cloud or on our club server?', 'privacy-and-data'],
];

describe('help index', () => {
  const index = HelpIndex.build(allHelpPassages());

  it.each(QUESTIONS)('finds the right guide in the top three for "%s"', (question, guide) => {
    const top = index.query(question, 3);
    expect(top.map((hit) => hit.guide)).toContain(guide);
  });

  it('holds every guide section, every FAQ question and the rubric', () => {
    const passages = allHelpPassages();
    expect(passages.filter((p) => p.kind === 'faq').length).toBeGreaterThanOrEqual(20);
    expect(new Set(passages.filter((p) => p.kind === 'guide').map((p) => p.guide)).size).toBe(8);
    expect(passages.filter((p) => p.kind === 'rubric').map((p) => p.section)).toContain('Engagement score');
    expect(index.size).toBe(passages.length);
  });

  it('answers the same after a round trip through its JSON, as the built index is loaded', () => {
    const loaded = HelpIndex.fromJson(index.toJson());
    expect(loaded.query('wind noise').map((h) => h.id)).toEqual(index.query('wind noise').map((h) => h.id));
  });

  it('reads "recordings", "recording", "recorded" and "records" as one word, and drops stop words', () => {
    expect(new Set(['recordings', 'recording', 'recorded', 'records', 'record'].map(helpTerm))).toEqual(new Set(['record']));
    expect(['how', 'do', 'I', 'the'].map(helpTerm)).toEqual([null, null, null, null]);
  });

  it('finds nothing for a question of stop words only', () => {
    expect(index.query('how do I do it?')).toEqual([]);
  });
});
