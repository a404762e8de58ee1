import { describe, expect, it } from 'vitest';
import { loadRubric } from './rubric';
import { UtteranceCoder, wordsOf } from './utterance-coding';

const coder = new UtteranceCoder(loadRubric(), ['Sophie', 'James', 'Mary-Jo']);
const codes = (text: string) => coder.code(text).codes;

describe('utterance coding', () => {
  it('splits text into lower-case words, keeping apostrophes inside words', () => {
    expect(wordsOf('Don’t STOP, James!  Well-done?')).toEqual(["don't", 'stop', 'james', 'well', 'done']);
  });

  it('codes a rising end as a question, and leaves a falling or unmeasured one to the words', () => {
    const rise = loadRubric().coding.questioning.final_rise_semitones.value;
    expect(coder.code('you are ready', rise).codes).toEqual(['questioning']);
    expect(coder.code('you are ready', rise - 0.5).codes).toEqual([]);
    expect(coder.code('you are ready', null).codes).toEqual([]);
    expect(coder.code('why did you go there', -5).codes).toEqual(['questioning']);
  });

  // A coach's voice lifts at the end of a call as often as of a question: a rise (or a question mark alone) asks
  // only when the words neither tell, organise, approve nor scold, or when they end on a check or open as a question.
  it.each([
    ['Drop back and cover the middle.', ['instruction']],
    ['Grab a bib and find a partner.', ['management']],
    ['Sophie, brilliant run, well done.', ['praise', 'first-name']],
    ['James, walking is not warming up, mate.', ['scold', 'first-name']],
    ['Keep your shape, yeah?', ['questioning']],
    ['You saw the runner on the far side?', ['questioning']],
    ['Happy with that pattern, everyone?', ['questioning']],
    ['So you think the winger was free?', ['questioning']],
    ['Lovely, how did you see that?', ['questioning', 'praise']],
  ])('said with a rise, codes %j as %j', (text, expected) => {
    expect(coder.code(text, loadRubric().coding.questioning.final_rise_semitones.value).codes).toEqual(expected);
  });

  it.each([
    ['Coach, can I go in goal next?', []],
    ['Sorry gaffer, my fault.', []],
    ['Thanks, coach.', []],
    ['Listen to your coach, James, and keep your shape.', ['instruction', 'first-name']],
  ])("leaves what addresses the coach (a player's words) uncoded: %j as %j", (text, expected) => {
    expect(codes(text)).toEqual(expected);
  });

  it.each([
    ['Keep your head up and pass to the open player', ['instruction']],
    ['Why did you choose that pass?', ['questioning']],
    ['what could you do differently there', ['questioning']],
    ['Great job, well done!', ['praise']],
    ['That was terrible, you are not listening', ['scold']],
    ['Everyone bring the cones over here', ['management']],
    ['Brilliant, Sophie', ['praise', 'first-name']],
    ['James, move into the space', ['instruction', 'first-name']],
    ['Not good enough', ['scold']],
    ['that is not good', []],
    ['the weather is cold today', []],
  ])('codes %j as %j', (text, expected) => {
    expect(codes(text)).toEqual(expected);
  });

  it.each([
    // Feedback that names an action is praise or a scold, not an instruction.
    ['Lovely pass, that was class.', ['praise']],
    ['Nice touch, perfect.', ['praise']],
    ['Superb press from the front!', ['praise']],
    ['Poor touch there.', ['scold']],
    // ...unless it also tells someone what to do.
    ['Good, now pass it wide.', ['instruction', 'praise']],
    ['Great first touch, keep it moving.', ['instruction', 'praise']],
    // A verb that opens a clause, after fillers and a name.
    ['Get your body between the man and the ball.', ['instruction']],
    ["Okay Sophie, don't dive in.", ['instruction', 'first-name']],
    ['When we lose it, win it back straight away.', ['instruction']],
    // A clause that organises the session is management.
    ['Get a drink of water, two minutes.', ['management']],
    ['Put the balls back in the bag.', ['management']],
    // Questions and exclamations.
    // "Group", "everyone" name who is organised: not in a question or in feedback.
    ['When should we press as a group?', ['questioning']],
    ['Top effort from everyone today.', ['praise']],
    ['Everyone on the halfway line.', ['management']],
    ['when we lose it win it back', ['questioning']],
    ['What a ball, James!', ['praise', 'first-name']],
    ['What a mess that was.', ['scold']],
    // Over something that organises the session, it is not admiration ("Water break" as a recogniser hears it).
    ['What a break, back in one minute.', ['management']],
    ['Keep it up, top effort.', ['praise']],
    // Praise without a praise adjective, and organising said with an instruction verb.
    ['Super pass from the back.', ['praise']],
    ['Love the energy today.', ['praise']],
    ['Nicely done, James.', ['praise', 'first-name']],
    ['Well timed tackle.', ['praise']],
    ["That's what I want to see from you.", ['praise']],
    ['I like how you opened up there.', ['praise']],
    // Not when the approval is denied.
    ["I'm not pleased with that.", []],
    ['Everyone in, take a knee.', ['management']],
    ['Get into pairs on the line.', ['management']],
    // A contraction is the same words said in full: "that is the one" as "that's the one", "do not" as "don't".
    ['Yes! That is the one.', ['praise']],
    ['Do not dive in.', ['instruction']],
    ['That was not good enough.', ['scold']],
    ["That wasn't great.", []],
    // A word that describes how it was done praises, unless the utterance tells someone to be so or asks.
    ['Composed finish, James.', ['praise', 'first-name']],
    ['Now we are talking, that is sharp.', ['praise']],
    ['Stay composed on the ball.', ['instruction']],
    ['Be brave and go for it.', ['instruction']],
    ['Was that a clean strike?', ['questioning']],
    ["That wasn't clinical.", []],
    // Scolding said as "too", switching off, giving it away.
    ['Way too casual, lads.', ['scold']],
    ['You cannot switch off like that.', ['scold']],
    ['Sloppy, you gave the ball away again.', ['scold']],
    // Organising: who works with whom, and how many balls.
    ['Sophie, you are with James, one ball between you.', ['management', 'first-name']],
    ['Next time, drive it across the keeper.', ['instruction']],
    // Approval asked about is a question, not praise; approval before the question is both.
    ['Were you happy with that run?', ['questioning']],
    ['Lovely, how did you see that?', ['questioning', 'praise']],
    // A verb after its subject, or an opener before "had", "was", says what was done.
    ["That's sloppy, we keep gifting them the ball.", ['scold']],
    ['Pass had perfect weight on it.', ['praise']],
    // Said alone, a cheer praises and a call instructs.
    ['Yes, James!', ['praise', 'first-name']],
    ['Yes coach.', []],
    ['Time!', ['instruction']],
    ['Man on!', ['instruction']],
    // Organising takes its words first: "Tidy up" organises, "Tidy" praises.
    ['Tidy up, all bibs back in the bag.', ['management']],
    ['Tidy, James.', ['praise', 'first-name']],
    // An exclamation with a question mark admires; a question that scolds is a scold; a name after it still asks.
    ['How good was that?', ['praise']],
    ['What was that supposed to be?', ['scold']],
    ['Were you happy with that pattern, everyone?', ['questioning']],
    // A question mark alone, as a recogniser may put on a statement, leaves praise praise.
    ['Top effort from everyone today?', ['praise']],
    // In a clause of praise a verb is what was done; a cheer of two words; organising with no word of the game.
    ['Good decision to play it early.', ['praise']],
    ['Get in, James, what a save!', ['praise', 'first-name']],
    ['Get in behind!', ['instruction']],
    ['Keepers, go with James to the other goal.', ['management', 'first-name']],
    ['Fair play, you never gave up on that.', ['praise']],
    // A describing word praises where its own clause tells nothing; a name with "'s" is the player's name.
    ['Clinical, James. Keeper did not even move.', ['praise', 'first-name']],
    ["Exactly right. James's nailed it.", ['praise', 'first-name']],
  ])('tells an instruction from feedback and organising: %j as %j', (text, expected) => {
    expect(codes(text)).toEqual(expected);
  });

  it("gives first-name for the coach's squad only, whatever the spelling's case", () => {
    expect(codes('well done mary jo')).toContain('first-name');
    expect(codes('SOPHIE wide')).toContain('first-name');
    // A common name that is not in this squad is not a first name here.
    expect(codes('Oliver, keep the shape')).not.toContain('first-name');
    expect(new UtteranceCoder(loadRubric()).code('Brilliant, Sophie').codes).toEqual(['praise']);
  });

  it('takes a trailing question mark from a transcriber that punctuates as a question', () => {
    expect(codes('You saw the run')).not.toContain('questioning');
    expect(codes('You saw the run?')).toContain('questioning');
  });

  it('counts technical and tactical cues and words', () => {
    expect(coder.code('First touch away from pressure, then find the space between the lines')).toMatchObject({
      technicalCues: 1,
      tacticalCues: 2,
      words: 12,
    });
  });

  it('does not count a phrase inside a word', () => {
    expect(codes('passion')).toEqual([]);
    expect(codes('goodness me')).toEqual([]);
  });
});
