// The held-out accuracy set: generated sessions in recording conditions the analysis was never calibrated or tuned
// on (wind, a crowd's murmur, referee whistles, a coach far from the microphone, a player answering), with other
// espeak-ng voices, other lines and another squad than the calibration sets. Built here once for the benchmark
// (infra/bench/accuracy-heldout.mjs) and the gate in `npm test` (api/test/analysis-heldout.int.spec.ts), and
// measured the same way in both.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodeAs, generateSession, seededRandom, type FollowingLine, type NoiseKind, type ObserverCode, type SpokenLine } from './session-generator.js';
import { wordErrorRate } from './word-error-rate.js';

/** The held-out coach's squad: none of the calibration sets' names. */
export const HELD_OUT_SQUAD = ['Amara', 'Lucas', 'Chloe', 'Mateo', 'Priya', 'Daniel'] as const;

interface HeldOutLine {
  text: string;
  codes: ObserverCode[];
  rising?: boolean;
}

/** A coach's lines with the codes a human observer gives them; worded apart from the calibration lines. */
export const HELD_OUT_LINES: readonly HeldOutLine[] = [
  { text: 'Drop back and cover the middle.', codes: ['instruction'] },
  { text: 'Get your body between the man and the ball.', codes: ['instruction'] },
  { text: 'Take a touch out of your feet before you shoot.', codes: ['instruction'] },
  { text: 'Stay on your toes and watch the runner.', codes: ['instruction'] },
  { text: 'Pass and move, then find a new angle.', codes: ['instruction'] },
  { text: 'Lucas, tuck in and mark the striker.', codes: ['instruction', 'first-name'] },
  { text: 'Priya, use your left foot this time.', codes: ['instruction', 'first-name'] },
  { text: 'Which player was free on the wing?', codes: ['questioning'] },
  { text: 'When should we press as a group?', codes: ['questioning'] },
  { text: 'What did you see before the ball arrived?', codes: ['questioning'] },
  { text: 'Who is covering the back post?', codes: ['questioning'] },
  { text: 'Chloe, what were you looking for there?', codes: ['questioning', 'first-name'] },
  { text: 'Is the keeper off his line?', codes: ['questioning'], rising: true },
  { text: 'Superb tackle, really well timed.', codes: ['praise'] },
  { text: 'Lovely pass, that was class.', codes: ['praise'] },
  { text: 'Good decision, I like that.', codes: ['praise'] },
  { text: 'Amara, brilliant run, well done.', codes: ['praise', 'first-name'] },
  { text: 'Nice one Mateo, great finish.', codes: ['praise', 'first-name'] },
  { text: 'Top effort from everyone today.', codes: ['praise'] },
  { text: 'No, that is lazy, wake up.', codes: ['scold'] },
  { text: 'Grab a bib and find a partner.', codes: ['management'] },
  { text: 'Put the balls back in the bag.', codes: ['management'] },
  { text: 'Water break, back in one minute.', codes: ['management'] },
  { text: 'Daniel, collect the cones for me.', codes: ['management', 'first-name'] },
];

/** A player's replies, said in a second voice between the coach's lines; the observer codes none of them. */
export const PLAYER_LINES: readonly string[] = ['Yes coach.', 'Sorry, my fault.', 'Okay, got it.', 'Man on!', 'Can I go in goal?'];

/** The second held-out set's squad. */
export const HELD_OUT_SQUAD_B = ['Ethan', 'Ruby', 'Leo', 'Grace', 'Harry', 'Isla'] as const;

/**
 * The second held-out set's lines and codes, written by another author from the codes' definitions alone (without
 * the coder's cue lists), with the shapes a coder trips on: praise naming an action, instructions opened by "When",
 * "If", "Let's" and "Don't", questions said as statements, management with verbs.
 */
export const HELD_OUT_LINES_B: readonly HeldOutLine[] = [
  { text: 'Open your hips before the ball arrives.', codes: ['instruction'] },
  { text: 'When we lose it, win it back in five seconds.', codes: ['instruction'] },
  { text: 'If the winger tucks in, you overlap, Ethan.', codes: ['instruction', 'first-name'] },
  { text: "Let's keep it on the deck this time.", codes: ['instruction'] },
  { text: "Don't dive in, stay on your feet.", codes: ['instruction'] },
  { text: 'Check your shoulder before you receive, Ruby.', codes: ['instruction', 'first-name'] },
  { text: 'Back four, step up together and squeeze the space.', codes: ['instruction'] },
  { text: 'Play it early into the channel.', codes: ['instruction'] },
  { text: 'Get your head up and find the spare man.', codes: ['instruction'] },
  { text: 'Drop off and give him an angle.', codes: ['instruction'] },
  { text: 'Use your weaker foot on this one, Leo.', codes: ['instruction', 'first-name'] },
  { text: 'Press as a unit, not one at a time.', codes: ['instruction'] },
  { text: 'Follow your shot in for the rebound.', codes: ['instruction'] },
  { text: "Where's your cover if he beats you?", codes: ['questioning'] },
  { text: 'What did you see there, Grace?', codes: ['questioning', 'first-name'] },
  { text: 'Why did we go long there?', codes: ['questioning'] },
  { text: 'How could you have made that easier for yourself?', codes: ['questioning'] },
  { text: 'Which way should your body face when you receive?', codes: ['questioning'] },
  { text: "Harry, who's picking up their number nine?", codes: ['questioning', 'first-name'] },
  { text: 'You saw the run inside?', codes: ['questioning'], rising: true },
  { text: 'Your first touch felt heavy there?', codes: ['questioning'], rising: true },
  { text: 'Lovely disguise on that pass, Isla.', codes: ['praise', 'first-name'] },
  { text: 'Great work rate today, Harry.', codes: ['praise', 'first-name'] },
  { text: "That's a quality finish.", codes: ['praise'] },
  { text: 'Brilliant tackle, Ethan!', codes: ['praise', 'first-name'] },
  { text: 'Love the hustle getting back there.', codes: ['praise'] },
  { text: 'Superb press from the front!', codes: ['praise'] },
  { text: "Good shout, that's the communication I want.", codes: ['praise'] },
  { text: 'Much sharper that time, well done.', codes: ['praise'] },
  { text: 'What a save!', codes: ['praise'] },
  { text: 'Top effort chasing that down.', codes: ['praise'] },
  { text: "That's lazy, you just walked back.", codes: ['scold'] },
  { text: "Come on, Grace, that's two sloppy passes now.", codes: ['scold', 'first-name'] },
  { text: 'Way too casual, lads.', codes: ['scold'] },
  { text: 'Put the cones away and grab a drink.', codes: ['management'] },
  { text: 'Bibs on, reds versus yellows.', codes: ['management'] },
  { text: 'Two minutes, then we swap ends.', codes: ['management'] },
  { text: 'Everyone in here, take a knee.', codes: ['management'] },
  { text: 'Harry, go fetch the spare balls from the bag.', codes: ['management', 'first-name'] },
  { text: 'Get into threes on the halfway line.', codes: ['management'] },
];

/** The second set's player replies (one a question). */
export const PLAYER_LINES_B: readonly string[] = [
  'My bad, coach.',
  'Can we play a match at the end?',
  "I've got him, leave it!",
  'Sorry, it bobbled up on me.',
  'Yeah, I saw it late.',
  "I'm knackered.",
];

/** The third held-out set's squad. */
export const HELD_OUT_SQUAD_C = ['Callum', 'Aisha', 'Jayden', 'Tariq', 'Freya', 'Oscar'] as const;

/**
 * The third held-out set's lines and codes, written by a third author from the codes' definitions alone, after the
 * coder's change and the second set's figures: neither the coder's cue lists nor the other sets' lines were read.
 * Its lines run as one session would (setting up, a possession drill, shape, finishing, a game), with praise with
 * no praise word ("Much better", "Class. Absolute class.", "What a hit"), instructions opened by "Make sure", "I
 * want you to", "Try to" and "Next time", and a scold worded as an instruction.
 */
export const HELD_OUT_LINES_C: readonly HeldOutLine[] = [
  { text: 'Bring it in, everyone round me.', codes: ['management'] },
  { text: 'Oscar, grab the cones from the far corner.', codes: ['management', 'first-name'] },
  { text: 'Freya, you are with Callum, one ball between you.', codes: ['management', 'first-name'] },
  { text: "Let's keep it moving, two touches maximum.", codes: ['instruction'] },
  { text: 'Make sure your first touch takes you forward.', codes: ['instruction'] },
  { text: 'Lovely weight on that through ball.', codes: ['praise'] },
  { text: 'Aisha, check your shoulder before it comes.', codes: ['instruction', 'first-name'] },
  { text: 'Nice touch, now get your head up.', codes: ['praise', 'instruction'] },
  { text: 'Too casual, Jayden, you gave that away.', codes: ['scold', 'first-name'] },
  { text: 'Why did we lose the ball there?', codes: ['questioning'] },
  { text: 'I want you to scan before you receive it.', codes: ['instruction'] },
  { text: 'Much better, that is the tempo I want.', codes: ['praise'] },
  { text: 'Did anyone see the switch was on?', codes: ['questioning'] },
  { text: 'Split into two teams, bibs against no bibs.', codes: ['management'] },
  { text: 'Back four, hold the line, nobody drops off.', codes: ['instruction'] },
  { text: "Don't dive in, Callum, stay on your feet.", codes: ['instruction', 'first-name'] },
  { text: 'Yes! That is the one.', codes: ['praise'] },
  { text: 'You saw the overlap?', codes: ['questioning'], rising: true },
  { text: 'When the ball goes wide, full backs push up.', codes: ['instruction'] },
  { text: 'Jayden, who is picking up the runner?', codes: ['questioning', 'first-name'] },
  { text: 'You cannot switch off like that.', codes: ['scold'] },
  { text: 'Squeeze up, squeeze up!', codes: ['instruction'] },
  { text: 'Great shape, everyone stayed compact.', codes: ['praise'] },
  { text: 'Where is your cover if he gets past you?', codes: ['questioning'] },
  { text: 'If you lose it, you win it straight back.', codes: ['instruction'] },
  { text: 'What a hit, Freya!', codes: ['praise', 'first-name'] },
  { text: 'Swap the bibs over, reds are attacking now.', codes: ['management'] },
  { text: 'Try to play it into his front foot.', codes: ['instruction'] },
  { text: 'Class. Absolute class.', codes: ['praise'] },
  { text: 'Oscar, that was your man?', codes: ['questioning', 'first-name'], rising: true },
  { text: 'Way too slow getting back, all of you.', codes: ['scold'] },
  { text: 'Midfield, show for it, give him an angle.', codes: ['instruction'] },
  { text: 'What could you have done differently there?', codes: ['questioning'] },
  { text: 'Brave header, Aisha, well done.', codes: ['praise', 'first-name'] },
  { text: 'Lock the laces and follow through, Tariq.', codes: ['instruction', 'first-name'] },
  { text: 'Wow, look at that finish!', codes: ['praise'] },
  { text: 'Next time, drive it across the keeper.', codes: ['instruction'] },
  { text: 'Can you tell me where the space was?', codes: ['questioning'] },
  { text: 'Now we are talking, that is sharp.', codes: ['praise'] },
  { text: 'Two minutes left, then we scrimmage.', codes: ['management'] },
];

/** The third set's player replies (one a question, one worded as a command). */
export const PLAYER_LINES_C: readonly string[] = [
  'Coach, are we doing shooting today?',
  'That was never a foul!',
  'I did not hear anyone call it.',
  'My laces have come undone.',
  "Pass it, I'm free!",
  'He keeps pulling my shirt.',
];

/** The fourth held-out set's squad. */
export const HELD_OUT_SQUAD_D = ['Kofi', 'Nadia', 'Ryan', 'Zara', 'Connor', 'Ellie'] as const;

/**
 * The fourth held-out set's lines and codes, written by a fourth author from the codes' definitions alone (neither
 * the cue lists nor the other sets were read), most of its praise without the commonest words of approval. Measured
 * blind once, then read to develop the coder further (rubric 2026-12.9): development data now.
 */
export const HELD_OUT_LINES_D: readonly HeldOutLine[] = [
  { text: 'Bibs are in the blue bag, grab one each.', codes: ['management'] },
  { text: 'Connor, give me a hand carrying the goals over.', codes: ['management', 'first-name'] },
  { text: 'Get a drink now, then everyone on the halfway line.', codes: ['management'] },
  { text: 'Light jog to the cone, then open the hips on the way back.', codes: ['instruction'] },
  { text: "Side-step through, don't cross your feet.", codes: ['instruction'] },
  { text: "Lovely and sharp, that's the tempo I want.", codes: ['praise'] },
  { text: 'Who can tell me why we warm up our hamstrings?', codes: ['questioning'] },
  { text: 'Ellie, spot on, knees right up.', codes: ['praise', 'first-name'] },
  { text: "Zara, you're flying today.", codes: ['praise', 'first-name'] },
  { text: 'Groups of three, one ball per group, off you go.', codes: ['management'] },
  { text: 'Open your body up before the ball arrives.', codes: ['instruction'] },
  { text: 'Crisp pass, right into his stride.', codes: ['praise'] },
  { text: 'Which foot should you be receiving on there?', codes: ['questioning'] },
  { text: "Kofi, that's class, first touch away from pressure.", codes: ['praise', 'first-name'] },
  { text: 'Lift your head and scan before it comes to you.', codes: ['instruction'] },
  { text: 'You checked your shoulder before that?', codes: ['questioning'], rising: true },
  { text: "We've talked about this, stop taking three touches.", codes: ['scold'] },
  { text: "Textbook. That's exactly the weight I'm after.", codes: ['praise'] },
  { text: 'Tidy touch, Nadia, now play it quicker next time.', codes: ['praise', 'instruction', 'first-name'] },
  { text: 'Four versus four, bibs against non-bibs, subs rotate every goal.', codes: ['management'] },
  { text: "Spread out, make the pitch big when we've got it.", codes: ['instruction'] },
  { text: "Where's your nearest teammate right now?", codes: ['questioning'] },
  { text: 'Can you see a passing lane from there?', codes: ['questioning'], rising: true },
  { text: "That's more like it, much better shape.", codes: ['praise'] },
  { text: "Ryan, you're ball watching again.", codes: ['scold', 'first-name'] },
  { text: 'Great press, everyone hunted together.', codes: ['praise'] },
  { text: 'Three goals from the same mistake, come on.', codes: ['scold'] },
  { text: 'If they press high, go long to Zara.', codes: ['instruction', 'first-name'] },
  { text: 'Cracking decision to switch it, Ellie.', codes: ['praise', 'first-name'] },
  { text: 'Were you happy with that run?', codes: ['questioning'], rising: true },
  { text: 'Proper shift from you, Connor, never stopped running.', codes: ['praise', 'first-name'] },
  { text: "That's sloppy, we keep gifting them the ball.", codes: ['scold'] },
  { text: 'Line up on the edge of the box, balls on the right.', codes: ['management'] },
  { text: 'Hit the target first, power comes second.', codes: ['instruction'] },
  { text: 'Composed finish, Kofi, picked your spot.', codes: ['praise', 'first-name'] },
  { text: 'Keep your chest over the ball when you strike it.', codes: ['instruction'] },
  { text: "Well done, that's your best strike all night.", codes: ['praise'] },
  { text: 'What did the keeper do just before you shot?', codes: ['questioning'] },
  { text: 'Not bad at all, that one, Nadia.', codes: ['praise', 'first-name'] },
  { text: 'Half of those went nowhere near the goal.', codes: ['scold'] },
  { text: 'Everyone bring the cones back to the bag, please.', codes: ['management'] },
  { text: 'Walk it off, then stretch your quads and calves.', codes: ['instruction'] },
  { text: "What's one thing you'll take away from today?", codes: ['questioning'] },
  { text: 'Proud of every one of you tonight, top effort.', codes: ['praise'] },
];

/** The fourth set's player replies (one a question). */
export const PLAYER_LINES_D: readonly string[] = [
  'Yes, coach.',
  "I didn't see him coming.",
  'Sorry, my fault.',
  'Which goal are we attacking?',
  'I thought Kofi was free.',
  'My boot came off.',
];

/** The fifth held-out set's squad. */
export const HELD_OUT_SQUAD_E = ['Marcus', 'Hannah', 'Dylan', 'Keisha', 'Ravi', 'Megan'] as const;

/**
 * The fifth held-out set's lines and codes, written by a fifth author from the codes' definitions alone, who read
 * neither the cue lists nor any other lines, while the coder of rubric 2026-12.9 was developed on the first four sets
 * and on 510 lines of six more authors. Measured blind twice, then read: development data now.
 */
export const HELD_OUT_LINES_E: readonly HeldOutLine[] = [
  { text: 'Morning all, bottles by the fence and grab a bib each.', codes: ['management'] },
  { text: 'Marcus, help me carry the goals over, mate.', codes: ['management', 'first-name'] },
  { text: 'Reds on this side, yellows over there by the cones.', codes: ['management'] },
  { text: 'Who can tell me what we worked on last week?', codes: ['questioning'] },
  { text: 'Spot on, Hannah, pressing as a team.', codes: ['praise', 'first-name'] },
  { text: 'Small touches, keep the ball close to your feet.', codes: ['instruction'] },
  { text: 'Lovely, Keisha, soft touch there.', codes: ['praise', 'first-name'] },
  { text: 'Heads up, look around before the ball arrives.', codes: ['instruction'] },
  { text: 'Is everyone checking their shoulder?', codes: ['questioning'], rising: true },
  { text: "That's loads sharper than last week, everyone.", codes: ['praise'] },
  { text: "Dylan, walking isn't warming up, mate.", codes: ['scold', 'first-name'] },
  { text: 'Thirty seconds left, then grab a drink.', codes: ['management'] },
  { text: 'Into pairs, one ball between two, five yards apart.', codes: ['management'] },
  { text: 'Pass with the inside of your foot, lock the ankle.', codes: ['instruction'] },
  { text: 'Why do we lock the ankle?', codes: ['questioning'] },
  { text: "Exactly right, keeps the pass firm. Ravi's nailed it.", codes: ['praise', 'first-name'] },
  { text: 'Ooh, zipped along the floor, that one.', codes: ['praise'] },
  { text: 'Megan, open your body so you can play forward.', codes: ['instruction', 'first-name'] },
  { text: 'Textbook, Megan. Body open, first time forward.', codes: ['praise', 'first-name'] },
  { text: "What's your first touch trying to do?", codes: ['questioning'] },
  { text: "Come on, we've done this all year, play it into feet.", codes: ['scold', 'instruction'] },
  { text: 'Next time, take a touch out of your feet first.', codes: ['instruction'] },
  { text: "Top effort, you're really working for each other.", codes: ['praise'] },
  { text: 'Talk to each other, call his name before you pass.', codes: ['instruction'] },
  { text: 'Absolute worldie of a pass, Hannah!', codes: ['praise', 'first-name'] },
  { text: 'Four versus four, bibs against non-bibs, first to three.', codes: ['management'] },
  { text: "Ravi, you're in goal first, then swap with Dylan.", codes: ['management', 'first-name'] },
  { text: 'Did anyone spot the overload on the left?', codes: ['questioning'], rising: true },
  { text: 'Spread out! Width!', codes: ['instruction'] },
  { text: 'Press! Press!', codes: ['instruction'] },
  { text: "Where's the space, Marcus?", codes: ['questioning', 'first-name'] },
  { text: "Yes! That's the ball I want to see.", codes: ['praise'] },
  { text: 'Not bad at all, that.', codes: ['praise'] },
  { text: "Who's picking up their striker? Nobody, again.", codes: ['scold'] },
  { text: 'You lot are defending like a proper unit now.', codes: ['praise'] },
  { text: 'If their keeper comes out, chip it over him.', codes: ['instruction'] },
  { text: 'Hit the target, low and across the keeper.', codes: ['instruction'] },
  { text: "Clinical, Dylan. Keeper didn't even move.", codes: ['praise', 'first-name'] },
  { text: 'Was that a better strike than your first one?', codes: ['questioning'], rising: true },
  { text: 'Cracking finish, keep your head over it like that.', codes: ['praise', 'instruction'] },
  { text: 'Some of you are blasting it over every time, come on.', codes: ['scold'] },
  { text: 'Bring the cones in and stack the bibs, please.', codes: ['management'] },
  { text: "What's one thing you'll take home from today?", codes: ['questioning'] },
  { text: 'Proud of the lot of you, that was proper graft today.', codes: ['praise'] },
];

/** The fifth set's player replies (one a question). */
export const PLAYER_LINES_E: readonly string[] = [
  'Pressing as a team.',
  'Coach, can I go in goal next?',
  'Because it keeps the pass firm.',
  'Mine!',
  'Shooting low across the keeper.',
  'Sorry, my laces came undone.',
];

/** The sixth held-out set's squad. */
export const HELD_OUT_SQUAD_F = ['Marcus', 'Ibrahim', 'Duncan', 'Rafael', 'Kwame', 'Felix'] as const;

/**
 * The sixth held-out set's lines and codes, written by a sixth author from the codes' definitions alone, who read
 * neither the cue lists nor any other lines, after the fifth set had been read (rubric 2026-12.9). Added here
 * unread; its misses are not read while it stays held out.
 */
export const HELD_OUT_LINES_F: readonly HeldOutLine[] = [
  { text: 'Right, grab a bib each, yellows over by the goal.', codes: ['management'] },
  { text: 'Couple of you bring the balls over from the container.', codes: ['management'] },
  { text: 'Four groups of four, one in each square, quick as you can.', codes: ['management'] },
  { text: 'Two touch only, and open your body up before it arrives.', codes: ['instruction'] },
  { text: 'Check your shoulder, Ibrahim.', codes: ['instruction', 'first-name'] },
  { text: "That's it, Duncan, lovely weight on that.", codes: ['praise', 'first-name'] },
  { text: 'Tidy, very tidy.', codes: ['praise'] },
  { text: "Who's got the spare man here?", codes: ['questioning'] },
  { text: 'Far side, far side!', codes: ['instruction'] },
  { text: 'Sharp, lads, keep that tempo going.', codes: ['praise', 'instruction'] },
  { text: "What's your first look when you win it back?", codes: ['questioning'] },
  { text: "You saw Kwame making that run, didn't you?", codes: ['questioning', 'first-name'], rising: true },
  { text: "Ah, come on, that's three times you've given it away cheaply.", codes: ['scold'] },
  { text: "Get tight, don't let him turn.", codes: ['instruction'] },
  { text: 'Quality, Rafael, absolute quality.', codes: ['praise', 'first-name'] },
  { text: 'Love the desire to get back there.', codes: ['praise'] },
  { text: 'Water break, ninety seconds, then back on your cones.', codes: ['management'] },
  { text: "When do we go and press, what's the cue?", codes: ['questioning'] },
  { text: 'So a heavy touch is the trigger?', codes: ['questioning'], rising: true },
  { text: "Spot on, Felix, that's exactly the cue.", codes: ['praise', 'first-name'] },
  { text: 'Were you happy with that shape just now?', codes: ['questioning'], rising: true },
  { text: 'Stay compact, ten yards between the lines.', codes: ['instruction'] },
  { text: 'Man on!', codes: ['instruction'] },
  { text: 'Switch it!', codes: ['instruction'] },
  { text: "That's the one, that's the pass we want.", codes: ['praise'] },
  { text: 'Were you asleep there, Ibrahim?', codes: ['scold', 'first-name'] },
  { text: 'Different class, that finish.', codes: ['praise'] },
  { text: "Cheers for the effort, you're chasing everything down.", codes: ['praise'] },
  { text: 'Good idea, Marcus, just keep it lower next time.', codes: ['praise', 'instruction', 'first-name'] },
  { text: "Walking back, really? We're not doing that.", codes: ['scold'] },
  { text: 'Reds versus yellows now, first to three, keepers in.', codes: ['management'] },
  { text: 'Go on Kwame, take him on!', codes: ['instruction', 'first-name'] },
  { text: 'Oh, what a ball that is!', codes: ['praise'] },
  { text: 'Hold your width, wide men, stay wide.', codes: ['instruction'] },
  { text: 'Unreal, Duncan, how did you even see that?', codes: ['praise', 'first-name'] },
  { text: "Pass and move, don't stand there and admire it.", codes: ['instruction'] },
  { text: "Sloppy. Ten passes and we've lost it four times.", codes: ['scold'] },
  { text: 'Great shift today, every one of you.', codes: ['praise'] },
  { text: 'Proper leaders out there today, the lot of you.', codes: ['praise'] },
  { text: "What's one thing you'd do differently in that last game?", codes: ['questioning'] },
  { text: 'Did everyone feel the pressing was better second half?', codes: ['questioning'], rising: true },
  { text: 'Bibs in the bag, cones stacked, balls in the net.', codes: ['management'] },
  { text: "Same time Thursday, don't forget your shin pads.", codes: ['management'] },
  { text: 'Well done, Felix, really pleased with your decisions.', codes: ['praise', 'first-name'] },
];

/** The sixth set's player replies (one a question). */
export const PLAYER_LINES_F: readonly string[] = [
  'Sorry gaffer, my fault.',
  'When his touch goes away from him.',
  'I thought he was offside.',
  'Do we keep the same bibs?',
  'He was on my back the whole time.',
  'Yeah, I saw him, just overhit it.',
];

/** The seventh held-out set's squad. */
export const HELD_OUT_SQUAD_G = ['Aroha', 'Sophie', 'Maia', 'Olivia', 'Jess', 'Tessa'] as const;

/**
 * The seventh held-out set's lines and codes, written by a seventh author from the codes' definitions alone, in the
 * idiom of one coach of the author's choosing, after the sixth set had been measured (rubric 2026-12.9). Added here
 * unread; its misses are not read while it stays held out.
 */
export const HELD_OUT_LINES_G: readonly HeldOutLine[] = [
  { text: 'Right, bibs on, yellows versus greens.', codes: ['management'] },
  { text: "Sharp as, that's the tempo I want.", codes: ['praise'] },
  { text: "Ka pai, Aroha, that's a choice first touch.", codes: ['praise', 'first-name'] },
  { text: 'Open your body up before the ball arrives.', codes: ['instruction'] },
  { text: 'Man on!', codes: ['instruction'] },
  { text: 'Mean pass, now follow it in.', codes: ['praise', 'instruction'] },
  { text: 'How good was that from Maia?', codes: ['praise', 'first-name'] },
  { text: "Yeah nah, that's way too casual at the back.", codes: ['scold'] },
  { text: 'Were you even watching the ball there, Jess?', codes: ['scold', 'first-name'] },
  { text: 'Get your head up and scan before it comes.', codes: ['instruction'] },
  { text: 'Stoked with that work rate, girls, hard out.', codes: ['praise'] },
  { text: 'Drinks break, two minutes, then back on halfway.', codes: ['management'] },
  { text: 'What did you see before you played it, Olivia?', codes: ['questioning', 'first-name'] },
  { text: 'Happy with that?', codes: ['questioning'], rising: true },
  { text: 'Keep it on the deck, low and firm.', codes: ['instruction'] },
  { text: 'Tu meke, Tessa, what a finish!', codes: ['praise', 'first-name'] },
  { text: 'Good as gold, now hold that shape.', codes: ['praise', 'instruction'] },
  { text: 'Switch it!', codes: ['instruction'] },
  { text: "That's the weight of pass I'm after, mean as.", codes: ['praise'] },
  { text: 'Aroha, grab the ball bag out of the shed for me.', codes: ['management', 'first-name'] },
  { text: 'Where else could you have gone with that one?', codes: ['questioning'] },
  { text: 'Does everyone understand the rotation?', codes: ['questioning'], rising: true },
  { text: "Same pairs as Tuesday, so Sophie's with Jess.", codes: ['management', 'first-name'] },
  { text: 'Second ball, girls, attack the second ball!', codes: ['instruction'] },
  { text: "Oh, that's choice, love that.", codes: ['praise'] },
  { text: "Too slow to react again, that's not on.", codes: ['scold'] },
  { text: 'Tuck in, Olivia, stay compact with Maia.', codes: ['instruction', 'first-name'] },
  { text: "That's sloppy, you're giving it away cheap.", codes: ['scold'] },
  { text: "What's our trigger to press?", codes: ['questioning'] },
  { text: "Lovely, Jess, that's the decision I wanted.", codes: ['praise', 'first-name'] },
  { text: "Press as a pack, don't go one at a time.", codes: ['instruction'] },
  { text: 'Ready to go again?', codes: ['questioning'], rising: true },
  { text: 'Proud of that effort, honestly, heaps of heart out there.', codes: ['praise'] },
  { text: 'Last five minutes, then all the cones back in the bag.', codes: ['management'] },
  { text: "Next session's Thursday, half five at the domain.", codes: ['management'] },
  { text: 'Nah, you switched off and she just walked past you.', codes: ['scold'] },
  { text: 'Maia, class run, keep making that run in behind.', codes: ['praise', 'instruction', 'first-name'] },
  { text: 'Who wants to tell me why that worked?', codes: ['questioning'] },
  { text: "Stay on your toes, don't dive in.", codes: ['instruction'] },
  { text: 'Drive through it with your laces, not your toe.', codes: ['instruction'] },
  { text: "You felt the difference there, didn't you?", codes: ['questioning'], rising: true },
  { text: 'Tessa, swap bibs with Sophie for this game.', codes: ['management', 'first-name'] },
  { text: 'Far out, what a save!', codes: ['praise'] },
  { text: 'Jess, happy with your first touch today?', codes: ['questioning', 'first-name'], rising: true },
];

/** The seventh set's player replies (one a question). */
export const PLAYER_LINES_G: readonly string[] = [
  'Yeah coach, sweet as.',
  'Can we do the shooting drill again?',
  "Sorry, my bad, I'll track her.",
  'She called it way too late!',
  'Got it, tuck in with Maia.',
  'Chur, thanks coach.',
];

export type HeldOutStyle = 'spaced' | 'talk-heavy';

/** A held-out set's words: absent, the first set's; 'B' to 'G', the second's to the seventh's. */
export type LineSet = 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

const LINE_SETS = {
  A: { lines: HELD_OUT_LINES, replies: PLAYER_LINES, squad: HELD_OUT_SQUAD },
  B: { lines: HELD_OUT_LINES_B, replies: PLAYER_LINES_B, squad: HELD_OUT_SQUAD_B },
  C: { lines: HELD_OUT_LINES_C, replies: PLAYER_LINES_C, squad: HELD_OUT_SQUAD_C },
  D: { lines: HELD_OUT_LINES_D, replies: PLAYER_LINES_D, squad: HELD_OUT_SQUAD_D },
  E: { lines: HELD_OUT_LINES_E, replies: PLAYER_LINES_E, squad: HELD_OUT_SQUAD_E },
  F: { lines: HELD_OUT_LINES_F, replies: PLAYER_LINES_F, squad: HELD_OUT_SQUAD_F },
  G: { lines: HELD_OUT_LINES_G, replies: PLAYER_LINES_G, squad: HELD_OUT_SQUAD_G },
} as const;

/**
 * `spaced`: `count` coach lines 3–7 s apart, each its own intervention. `talk-heavy`: runs of three or four lines
 * with 0.4–0.9 s breaths, 2.5–3.5 s between runs (clear of the 2 s intervention gap on both sides). With
 * `playerVoice`, after about a third of the coach's lines a player answers 0.5–1 s later (inside the
 * intervention). Answers the script ([{ text, pause, voice? }]) and each line's codes (a player's line: none).
 */
export function heldOutScript({
  seed,
  count,
  style,
  playerVoice,
  lineSet,
}: {
  seed: number;
  count: number;
  style: HeldOutStyle;
  playerVoice?: string;
  lineSet?: LineSet;
}): {
  script: FollowingLine[];
  codes: ObserverCode[][];
} {
  const random = seededRandom(seed);
  const script: FollowingLine[] = [];
  const codes: ObserverCode[][] = [];
  let left = 0;
  for (let i = 0; i < count; i += 1) {
    let pause: number;
    if (i === 0) pause = 1 + random();
    else if (style === 'spaced') pause = 3 + random() * 4;
    else if (left > 0) pause = 0.4 + random() * 0.5;
    else pause = 2.5 + random();
    if (left === 0) left = 3 + Math.floor(random() * 2);
    left -= 1;
    const { lines, replies } = LINE_SETS[lineSet ?? 'A'];
    const line = lines[Math.floor(random() * lines.length)]!;
    script.push({ text: line.text, pause: Math.round(pause * 100) / 100, ...(line.rising ? { rising: true } : {}) });
    codes.push(line.codes);
    if (playerVoice && random() < 0.35) {
      const reply = replies[Math.floor(random() * replies.length)]!;
      script.push({ text: reply, pause: Math.round((0.5 + random() * 0.5) * 100) / 100, voice: playerVoice });
      codes.push([]);
    }
  }
  return { script, codes };
}

export interface HeldOutSession {
  id: string;
  /** The condition the session belongs to: one table each. */
  set:
    | 'wind'
    | 'crowd'
    | 'whistle'
    | 'distance'
    | 'two voices'
    | 'second lines'
    | 'third lines'
    | 'fourth lines'
    | 'fifth lines'
    | 'sixth lines'
    | 'seventh lines';
  /** 'B' to 'G': the second to the seventh set's lines, replies and squad (absent: the first set's). */
  lineSet?: LineSet;
  seed: number;
  style: HeldOutStyle;
  lines: number;
  voice: string;
  playerVoice?: string;
  noise: NoiseKind;
  snrDb: number;
  distance?: boolean;
  kind: 'wav' | 'mp4';
}

/**
 * Sessions of 2–2.7 minutes, in seven sets of words. The first twelve: wind, crowd and whistle at 25/18/12 dB, the
 * coach far away in brown noise and in wind, and two with a player answering; WAV and MP4; voices none of the
 * calibration sets used. H13–H20 with the second set's words and voices, two of them below 12 dB; H21–H28 with the
 * third's, in brown, pink, white, wind, crowd and whistle noise and at a distance, 12–25 dB; H29–H36 with the
 * fourth's, H37–H44 with the fifth's, H45–H52 with the sixth's and H53–H60 with the seventh's, the same way.
 */
export const HELD_OUT_SESSIONS: readonly HeldOutSession[] = [
  { id: 'H1', set: 'wind', seed: 901, style: 'spaced', lines: 20, voice: 'en-gb-x-rp', noise: 'wind', snrDb: 25, kind: 'wav' },
  { id: 'H2', set: 'wind', seed: 902, style: 'talk-heavy', lines: 40, voice: 'en-us-nyc', noise: 'wind', snrDb: 18, kind: 'mp4' },
  { id: 'H3', set: 'wind', seed: 903, style: 'spaced', lines: 20, voice: 'en-gb-x-gbclan', noise: 'wind', snrDb: 12, kind: 'mp4' },
  { id: 'H4', set: 'crowd', seed: 904, style: 'talk-heavy', lines: 40, voice: 'en-gb-x-gbcwmd', noise: 'crowd', snrDb: 25, kind: 'wav' },
  { id: 'H5', set: 'crowd', seed: 905, style: 'spaced', lines: 20, voice: 'en-gb-x-rp', noise: 'crowd', snrDb: 18, kind: 'mp4' },
  { id: 'H6', set: 'crowd', seed: 906, style: 'spaced', lines: 20, voice: 'en-us-nyc', noise: 'crowd', snrDb: 12, kind: 'wav' },
  { id: 'H7', set: 'whistle', seed: 907, style: 'talk-heavy', lines: 40, voice: 'en-gb-x-gbclan', noise: 'whistle', snrDb: 18, kind: 'wav' },
  { id: 'H8', set: 'whistle', seed: 908, style: 'spaced', lines: 20, voice: 'en-gb-x-gbcwmd', noise: 'whistle', snrDb: 12, kind: 'mp4' },
  { id: 'H9', set: 'distance', seed: 909, style: 'spaced', lines: 20, voice: 'en-gb-x-rp', noise: 'brown', snrDb: 25, distance: true, kind: 'wav' },
  { id: 'H10', set: 'distance', seed: 910, style: 'talk-heavy', lines: 40, voice: 'en-us-nyc', noise: 'wind', snrDb: 18, distance: true, kind: 'mp4' },
  {
    id: 'H11',
    set: 'two voices',
    seed: 911,
    style: 'spaced',
    lines: 20,
    voice: 'en-gb-x-gbclan',
    playerVoice: 'en-us-nyc+f2',
    noise: 'brown',
    snrDb: 18,
    kind: 'wav',
  },
  {
    id: 'H12',
    set: 'two voices',
    seed: 912,
    style: 'talk-heavy',
    lines: 36,
    voice: 'en-gb-x-rp',
    playerVoice: 'en-gb-x-gbcwmd+f3',
    noise: 'crowd',
    snrDb: 18,
    kind: 'mp4',
  },
  // The second set: its own lines, squad and voices, in the conditions above and in two where the words are mostly
  // lost (crowd at 6 dB, white noise at 3 dB), where no category may be scored from them.
  { id: 'H13', set: 'second lines', lineSet: 'B', seed: 913, style: 'spaced', lines: 20, voice: 'en-us+f4', noise: 'pink', snrDb: 25, kind: 'wav' },
  {
    id: 'H14',
    set: 'second lines',
    lineSet: 'B',
    seed: 914,
    style: 'talk-heavy',
    lines: 40,
    voice: 'en-gb-scotland+m2',
    noise: 'wind',
    snrDb: 18,
    kind: 'mp4',
  },
  {
    id: 'H15',
    set: 'second lines',
    lineSet: 'B',
    seed: 915,
    style: 'spaced',
    lines: 20,
    voice: 'en-029+f2',
    playerVoice: 'en-gb-x-gbclan+f2',
    noise: 'crowd',
    snrDb: 18,
    kind: 'wav',
  },
  { id: 'H16', set: 'second lines', lineSet: 'B', seed: 916, style: 'talk-heavy', lines: 40, voice: 'en-gb-x-rp+m4', noise: 'whistle', snrDb: 12, kind: 'wav' },
  {
    id: 'H17',
    set: 'second lines',
    lineSet: 'B',
    seed: 917,
    style: 'spaced',
    lines: 20,
    voice: 'en-us+f4',
    noise: 'pink',
    snrDb: 18,
    distance: true,
    kind: 'mp4',
  },
  { id: 'H18', set: 'second lines', lineSet: 'B', seed: 918, style: 'spaced', lines: 20, voice: 'en-gb-scotland+m2', noise: 'white', snrDb: 12, kind: 'wav' },
  { id: 'H19', set: 'second lines', lineSet: 'B', seed: 919, style: 'spaced', lines: 20, voice: 'en-029+f2', noise: 'crowd', snrDb: 6, kind: 'wav' },
  { id: 'H20', set: 'second lines', lineSet: 'B', seed: 920, style: 'spaced', lines: 20, voice: 'en-gb-x-rp+m4', noise: 'white', snrDb: 3, kind: 'mp4' },
  // The third set: its own lines, squad and voices, in every noise the segmentation must hold in, down to 12 dB.
  { id: 'H21', set: 'third lines', lineSet: 'C', seed: 921, style: 'talk-heavy', lines: 40, voice: 'en-029+m5', noise: 'brown', snrDb: 18, kind: 'wav' },
  { id: 'H22', set: 'third lines', lineSet: 'C', seed: 922, style: 'spaced', lines: 20, voice: 'en-us-nyc+f5', noise: 'pink', snrDb: 12, kind: 'mp4' },
  { id: 'H23', set: 'third lines', lineSet: 'C', seed: 923, style: 'spaced', lines: 20, voice: 'en-gb-x-gbcwmd+m6', noise: 'wind', snrDb: 25, kind: 'wav' },
  {
    id: 'H24',
    set: 'third lines',
    lineSet: 'C',
    seed: 924,
    style: 'talk-heavy',
    lines: 36,
    voice: 'en-gb+m7',
    playerVoice: 'en-us+f3',
    noise: 'crowd',
    snrDb: 18,
    kind: 'mp4',
  },
  { id: 'H25', set: 'third lines', lineSet: 'C', seed: 925, style: 'spaced', lines: 20, voice: 'en-029+m5', noise: 'whistle', snrDb: 18, kind: 'wav' },
  { id: 'H26', set: 'third lines', lineSet: 'C', seed: 926, style: 'talk-heavy', lines: 40, voice: 'en-us-nyc+f5', noise: 'white', snrDb: 18, kind: 'wav' },
  {
    id: 'H27',
    set: 'third lines',
    lineSet: 'C',
    seed: 927,
    style: 'spaced',
    lines: 20,
    voice: 'en-gb-x-gbcwmd+m6',
    noise: 'brown',
    snrDb: 18,
    distance: true,
    kind: 'mp4',
  },
  { id: 'H28', set: 'third lines', lineSet: 'C', seed: 928, style: 'talk-heavy', lines: 40, voice: 'en-gb+m7', noise: 'wind', snrDb: 12, kind: 'wav' },
  // The fourth set: its own lines, squad and voices, in every noise down to 12 dB, with a player in one session.
  { id: 'H29', set: 'fourth lines', lineSet: 'D', seed: 929, style: 'spaced', lines: 20, voice: 'en-us+m2', noise: 'crowd', snrDb: 18, kind: 'wav' },
  { id: 'H30', set: 'fourth lines', lineSet: 'D', seed: 930, style: 'talk-heavy', lines: 40, voice: 'en-gb-x-rp+f3', noise: 'wind', snrDb: 18, kind: 'mp4' },
  { id: 'H31', set: 'fourth lines', lineSet: 'D', seed: 931, style: 'spaced', lines: 20, voice: 'en-gb-x-gbcwmd+m4', noise: 'whistle', snrDb: 12, kind: 'wav' },
  {
    id: 'H32',
    set: 'fourth lines',
    lineSet: 'D',
    seed: 932,
    style: 'talk-heavy',
    lines: 36,
    voice: 'en-gb-scotland+f2',
    playerVoice: 'en-029+f4',
    noise: 'brown',
    snrDb: 18,
    kind: 'wav',
  },
  { id: 'H33', set: 'fourth lines', lineSet: 'D', seed: 933, style: 'spaced', lines: 20, voice: 'en-us+m2', noise: 'pink', snrDb: 25, kind: 'mp4' },
  { id: 'H34', set: 'fourth lines', lineSet: 'D', seed: 934, style: 'spaced', lines: 20, voice: 'en-gb-x-rp+f3', noise: 'white', snrDb: 12, kind: 'wav' },
  {
    id: 'H35',
    set: 'fourth lines',
    lineSet: 'D',
    seed: 935,
    style: 'talk-heavy',
    lines: 40,
    voice: 'en-gb-x-gbcwmd+m4',
    noise: 'brown',
    snrDb: 18,
    distance: true,
    kind: 'mp4',
  },
  { id: 'H36', set: 'fourth lines', lineSet: 'D', seed: 936, style: 'spaced', lines: 20, voice: 'en-gb-scotland+f2', noise: 'crowd', snrDb: 12, kind: 'wav' },
  // The fifth set, the same way with its own voices.
  { id: 'H37', set: 'fifth lines', lineSet: 'E', seed: 937, style: 'spaced', lines: 20, voice: 'en-gb+f4', noise: 'wind', snrDb: 18, kind: 'wav' },
  { id: 'H38', set: 'fifth lines', lineSet: 'E', seed: 938, style: 'talk-heavy', lines: 40, voice: 'en-us-nyc+m3', noise: 'crowd', snrDb: 18, kind: 'mp4' },
  { id: 'H39', set: 'fifth lines', lineSet: 'E', seed: 939, style: 'spaced', lines: 20, voice: 'en-gb-x-gbclan+m5', noise: 'pink', snrDb: 12, kind: 'wav' },
  {
    id: 'H40',
    set: 'fifth lines',
    lineSet: 'E',
    seed: 940,
    style: 'talk-heavy',
    lines: 36,
    voice: 'en-029+m1',
    playerVoice: 'en-gb+f2',
    noise: 'whistle',
    snrDb: 18,
    kind: 'wav',
  },
  { id: 'H41', set: 'fifth lines', lineSet: 'E', seed: 941, style: 'spaced', lines: 20, voice: 'en-gb+f4', noise: 'white', snrDb: 18, kind: 'mp4' },
  { id: 'H42', set: 'fifth lines', lineSet: 'E', seed: 942, style: 'talk-heavy', lines: 40, voice: 'en-us-nyc+m3', noise: 'brown', snrDb: 12, kind: 'wav' },
  {
    id: 'H43',
    set: 'fifth lines',
    lineSet: 'E',
    seed: 943,
    style: 'spaced',
    lines: 20,
    voice: 'en-gb-x-gbclan+m5',
    noise: 'brown',
    snrDb: 18,
    distance: true,
    kind: 'mp4',
  },
  { id: 'H44', set: 'fifth lines', lineSet: 'E', seed: 944, style: 'talk-heavy', lines: 40, voice: 'en-029+m1', noise: 'wind', snrDb: 12, kind: 'wav' },
  // The sixth set, the same way with its own voices.
  { id: 'H45', set: 'sixth lines', lineSet: 'F', seed: 945, style: 'talk-heavy', lines: 40, voice: 'en-us+f2', noise: 'wind', snrDb: 18, kind: 'wav' },
  { id: 'H46', set: 'sixth lines', lineSet: 'F', seed: 946, style: 'spaced', lines: 20, voice: 'en-gb-scotland+m3', noise: 'crowd', snrDb: 18, kind: 'mp4' },
  { id: 'H47', set: 'sixth lines', lineSet: 'F', seed: 947, style: 'talk-heavy', lines: 40, voice: 'en-gb-x-rp+m1', noise: 'pink', snrDb: 18, kind: 'wav' },
  {
    id: 'H48',
    set: 'sixth lines',
    lineSet: 'F',
    seed: 948,
    style: 'spaced',
    lines: 20,
    voice: 'en-us-nyc+f4',
    playerVoice: 'en-gb-x-gbcwmd+f1',
    noise: 'brown',
    snrDb: 18,
    kind: 'wav',
  },
  { id: 'H49', set: 'sixth lines', lineSet: 'F', seed: 949, style: 'spaced', lines: 20, voice: 'en-us+f2', noise: 'whistle', snrDb: 12, kind: 'mp4' },
  {
    id: 'H50',
    set: 'sixth lines',
    lineSet: 'F',
    seed: 950,
    style: 'talk-heavy',
    lines: 40,
    voice: 'en-gb-scotland+m3',
    noise: 'white',
    snrDb: 18,
    kind: 'wav',
  },
  {
    id: 'H51',
    set: 'sixth lines',
    lineSet: 'F',
    seed: 951,
    style: 'spaced',
    lines: 20,
    voice: 'en-gb-x-rp+m1',
    noise: 'brown',
    snrDb: 18,
    distance: true,
    kind: 'mp4',
  },
  { id: 'H52', set: 'sixth lines', lineSet: 'F', seed: 952, style: 'spaced', lines: 20, voice: 'en-us-nyc+f4', noise: 'wind', snrDb: 12, kind: 'wav' },
  // The seventh set, the same way with its own voices.
  { id: 'H53', set: 'seventh lines', lineSet: 'G', seed: 953, style: 'talk-heavy', lines: 40, voice: 'en-us+m6', noise: 'crowd', snrDb: 18, kind: 'wav' },
  { id: 'H54', set: 'seventh lines', lineSet: 'G', seed: 954, style: 'spaced', lines: 20, voice: 'en-gb-x-rp+f5', noise: 'wind', snrDb: 18, kind: 'mp4' },
  { id: 'H55', set: 'seventh lines', lineSet: 'G', seed: 955, style: 'talk-heavy', lines: 40, voice: 'en-029+f3', noise: 'brown', snrDb: 12, kind: 'wav' },
  {
    id: 'H56',
    set: 'seventh lines',
    lineSet: 'G',
    seed: 956,
    style: 'spaced',
    lines: 20,
    voice: 'en-gb-scotland+m4',
    playerVoice: 'en-us+f1',
    noise: 'pink',
    snrDb: 18,
    kind: 'wav',
  },
  { id: 'H57', set: 'seventh lines', lineSet: 'G', seed: 957, style: 'spaced', lines: 20, voice: 'en-us-nyc+m7', noise: 'whistle', snrDb: 12, kind: 'mp4' },
  { id: 'H58', set: 'seventh lines', lineSet: 'G', seed: 958, style: 'talk-heavy', lines: 40, voice: 'en-gb+m3', noise: 'wind', snrDb: 12, kind: 'wav' },
  {
    id: 'H59',
    set: 'seventh lines',
    lineSet: 'G',
    seed: 959,
    style: 'spaced',
    lines: 20,
    voice: 'en-gb-x-rp+f5',
    distance: true,
    noise: 'brown',
    snrDb: 18,
    kind: 'mp4',
  },
  { id: 'H60', set: 'seventh lines', lineSet: 'G', seed: 960, style: 'talk-heavy', lines: 40, voice: 'en-029+f3', noise: 'crowd', snrDb: 12, kind: 'wav' },
];

/** The squad the session's coach keeps on the profile, given to the analysis as vocabulary. */
export const heldOutSquad = (session: HeldOutSession): readonly string[] => LINE_SETS[session.lineSet ?? 'A'].squad;

/** Raised when the generator's output for the same options changes, so cached files are made again. */
const HELD_OUT_VERSION = 1;

export interface BuiltHeldOutSession {
  session: HeldOutSession;
  /** The recording to analyse (WAV or MP4). */
  file: string;
  seconds: number;
  /** Every line said, the player's included (with its `voice`). */
  truth: SpokenLine[];
  /** Each truth line's observer codes (a player's line: none). */
  codes: ObserverCode[][];
}

/** A short description for tables: "H3 wind 12 dB spaced mp4 en-gb-x-gbclan". */
export const describeHeldOut = (s: HeldOutSession): string =>
  `${s.id} ${s.distance ? 'far, ' : ''}${s.noise} ${s.snrDb} dB ${s.style} ${s.kind} ${s.voice}${s.playerVoice ? ` + ${s.playerVoice}` : ''}`;

/** Generates a held-out session into `dir`, or reuses the one made there before with the same options. */
export function buildHeldOutSession(session: HeldOutSession, dir: string): BuiltHeldOutSession {
  const key = createHash('sha256').update(JSON.stringify({ HELD_OUT_VERSION, session })).digest('hex').slice(0, 12);
  const base = path.join(dir, `${session.id}-${key}`);
  const file = `${base}.${session.kind}`;
  const meta = `${base}.json`;
  const { script, codes } = heldOutScript({
    seed: session.seed,
    count: session.lines,
    style: session.style,
    playerVoice: session.playerVoice,
    lineSet: session.lineSet,
  });
  if (existsSync(file) && existsSync(meta)) {
    const { truth, seconds } = JSON.parse(readFileSync(meta, 'utf8')) as { truth: SpokenLine[]; seconds: number };
    return { session, file, seconds, truth, codes };
  }
  const wav = `${base}.gen.wav`;
  const { truth, seconds } = generateSession({
    file: wav,
    script,
    snrDb: session.snrDb,
    noise: session.noise,
    distance: session.distance,
    voice: session.voice,
  });
  if (session.kind === 'mp4') {
    encodeAs(wav, `${base}.tmp.mp4`, 'mp4');
    rmSync(wav);
  }
  renameSync(session.kind === 'mp4' ? `${base}.tmp.mp4` : wav, file);
  writeFileSync(meta, JSON.stringify({ truth, seconds }));
  return { session, file, seconds, truth, codes };
}

/** What the measurement reads of an analysis (RecordingAnalysis from the API, structurally). */
export interface AnalysisFigures {
  metrics: { talkRatio: number; interventions: number; speechRateWpm: number | null };
  transcript: { start: number; end: number; text: string; codes: string[] }[] | null;
  scores: { category: string; score: number | null; basis: string }[];
}

export interface Detection {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export const DETECTED_CODES = ['questioning', 'praise', 'instruction', 'first-name'] as const;
export type DetectedCode = (typeof DETECTED_CODES)[number];

export interface HeldOutFigures {
  name: string;
  talkTruth: number;
  talkMeasured: number;
  /** Percentage points, signed. */
  talkError: number;
  interventionsTruth: number;
  interventionsMeasured: number;
  /** A share of the true count, signed. */
  interventionsError: number;
  referenceWords: number;
  wordErrors: number;
  wer: number;
  /** Words a minute of talk: the lines' words over their time, and what the report says (null: none). */
  speechRateTruth: number;
  speechRateMeasured: number | null;
  /** A share of the true rate, signed (null: the report has no rate). */
  speechRateError: number | null;
  detection: Record<DetectedCode, Detection>;
  categoriesScored: number;
  /** Categories scored from the words (not withheld, not from timing alone). */
  scoredOnWords: string[];
}

/**
 * Measures one analysed held-out session against its truth. The talk truth counts every line said, the
 * player's too (the product cannot tell voices apart); the codes are the coach's (a player's line carries none,
 * so a player's question found as one counts against precision). A line is found as a code when an utterance
 * overlapping it carries the code. `talkMetrics` and `wordsOf` are the API's own (tooling never imports the API).
 */
export function measureHeldOut(
  built: BuiltHeldOutSession,
  analysis: AnalysisFigures,
  {
    wordsOf,
    talkMetrics,
    gap,
  }: {
    wordsOf: (text: string) => string[];
    talkMetrics: (segments: SpokenLine[], seconds: number, gap: number) => { talkRatio: number; talkSeconds: number; interventions: number };
    gap: number;
  },
): HeldOutFigures {
  const truth = talkMetrics(built.truth, built.seconds, gap);
  const transcript = analysis.transcript ?? [];
  const reference = built.truth.flatMap((t) => wordsOf(t.text));
  const heard = transcript.flatMap((u) => wordsOf(u.text));
  const wer = wordErrorRate(reference, heard);
  const speechRateTruth = (reference.length / truth.talkSeconds) * 60;
  const detection = Object.fromEntries(
    DETECTED_CODES.map((code) => {
      const d: Detection = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
      built.truth.forEach((line, i) => {
        const said = built.codes[i]!.includes(code);
        const found = heardOver(transcript, line).some((u) => u.codes.includes(code));
        if (said && found) d.truePositives += 1;
        else if (said) d.falseNegatives += 1;
        else if (found) d.falsePositives += 1;
      });
      return [code, d];
    }),
  ) as Record<DetectedCode, Detection>;
  return {
    name: describeHeldOut(built.session),
    talkTruth: truth.talkRatio * 100,
    talkMeasured: analysis.metrics.talkRatio * 100,
    talkError: (analysis.metrics.talkRatio - truth.talkRatio) * 100,
    interventionsTruth: truth.interventions,
    interventionsMeasured: analysis.metrics.interventions,
    interventionsError: (analysis.metrics.interventions - truth.interventions) / truth.interventions,
    referenceWords: reference.length,
    wordErrors: Math.round(wer * reference.length),
    wer,
    speechRateTruth,
    speechRateMeasured: analysis.metrics.speechRateWpm,
    speechRateError: analysis.metrics.speechRateWpm === null ? null : analysis.metrics.speechRateWpm / speechRateTruth - 1,
    detection,
    categoriesScored: analysis.scores.filter((s) => s.score !== null).length,
    scoredOnWords: analysis.scores.filter((s) => s.score !== null && !/timing alone/.test(s.basis)).map((s) => s.category),
  };
}

/** The utterances that overlap a line said. */
const heardOver = (transcript: NonNullable<AnalysisFigures['transcript']>, line: SpokenLine) =>
  transcript.filter((u) => u.start < line.end && u.end > line.start);

/**
 * Each coach's line whose question, praise or instruction code the analysis missed (`-code`) or gave wrongly
 * (`+code`), beside what was heard over it: where a session's misses come from.
 */
export function miscodedLines(built: BuiltHeldOutSession, analysis: AnalysisFigures): { session: string; line: string; wrong: string; heard: string }[] {
  const codes = ['questioning', 'praise', 'instruction'] as const;
  return built.truth.flatMap((line, i) => {
    const over = heardOver(analysis.transcript ?? [], line);
    const said = codes.filter((c) => built.codes[i]!.includes(c));
    const found = codes.filter((c) => over.some((u) => u.codes.includes(c)));
    const wrong = [...said.filter((c) => !found.includes(c)).map((c) => `-${c}`), ...found.filter((c) => !said.includes(c)).map((c) => `+${c}`)];
    return wrong.length
      ? [{ session: built.session.id, line: line.text, wrong: wrong.join(' '), heard: over.map((u) => `${u.text} [${u.codes.join(',')}]`).join(' | ') }]
      : [];
  });
}

/** Precision and recall of pooled detections (1 when nothing was said or found). */
export function precisionRecall(detections: readonly Detection[]): { precision: number; recall: number; said: number } {
  const tp = detections.reduce((sum, d) => sum + d.truePositives, 0);
  const fp = detections.reduce((sum, d) => sum + d.falsePositives, 0);
  const fn = detections.reduce((sum, d) => sum + d.falseNegatives, 0);
  return { precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: tp + fn === 0 ? 1 : tp / (tp + fn), said: tp + fn };
}
