// Synthetic coaching sessions with a known truth: utterances spoken by espeak-ng at chosen times, silence
// between them, and optional field noise at a set signal-to-noise ratio, mixed with sox (Debian packages).
// Answers the file and the exact speech intervals, for accuracy tests and benchmarks of the analysis.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const RATE = 16_000;

/** A line said `at` seconds into the session; `rising`: its last word rises, as in a yes/no question. */
export interface TimedLine {
  text: string;
  at: number;
  rising?: boolean;
  /** Another espeak-ng voice for this line (a second speaker: a player answering); the session's voice unless told. */
  voice?: string;
  pause?: never;
}

/** A line said `pause` seconds after the previous one ends. */
export interface FollowingLine {
  text: string;
  pause: number;
  rising?: boolean;
  /** Another espeak-ng voice for this line (a second speaker: a player answering); the session's voice unless told. */
  voice?: string;
  at?: never;
}

export type ScriptLine = TimedLine | FollowingLine;

export interface SessionOptions {
  /** Where the 16 kHz mono WAV is written. */
  file: string;
  /** In order, not overlapping. */
  script: readonly ScriptLine[];
  /** The session's length; without it, the session ends `tail` seconds after its last line. */
  seconds?: number;
  tail?: number;
  /** Field noise that many dB below the speech; omitted for a clean recording. */
  snrDb?: number;
  /**
   * The noise's colour: brown (most power low down, like wind and distant play; the default), pink (flatter, like a
   * crowd) or white (even across the band, like hiss or rain on the microphone: it covers the consonants most).
   */
  noise?: NoiseKind;
  /**
   * The coach far from the microphone: the speech band-limited (high-pass 300 Hz, low-pass 3.4 kHz), a little
   * room (sox `reverb`) and 10 dB quieter. The noise is still `snrDb` below the speech as it reaches the microphone.
   */
  distance?: boolean;
  /** An espeak-ng voice; en-gb unless told. */
  voice?: string;
}

/**
 * Field noise: brown, pink and white (see `noise`); `wind`: brown noise in slow gusts (amplitude-modulated at
 * 0.13 Hz, 75 % deep); `crowd`: a murmur of six espeak-ng voices saying unrelated chatter at once, low-passed and
 * with some room, no one voice clear; `whistle`: brown noise with short referee-whistle blasts (3 kHz, trilled)
 * every 12–30 s, 3 dB under the speech (the blasts are not counted in `snrDb`, which sets the brown noise).
 */
export type NoiseKind = 'brown' | 'pink' | 'white' | 'wind' | 'crowd' | 'whistle';

/** When a line was spoken, to the millisecond: the truth the analysis is measured against. */
export interface SpokenLine {
  start: number;
  end: number;
  text: string;
  /** The line's own voice, when it was not the session's (a second speaker). */
  voice?: string;
}

export interface GeneratedSession {
  file: string;
  seconds: number;
  truth: SpokenLine[];
}

/** The codes a human observer gives a line (ASUOI/CAIS style); the product's coding is measured against them. */
export type ObserverCode = 'instruction' | 'questioning' | 'praise' | 'scold' | 'management' | 'first-name';

export interface CodedLine {
  text: string;
  codes: ObserverCode[];
  /** Said with a rising end (a yes/no question). */
  rising?: boolean;
}

/** A script with each line's codes, and the session length it needs. */
export interface CodedScript {
  script: TimedLine[];
  codes: ObserverCode[][];
  seconds: number;
}

/** A script of lines that follow each other, with each line's codes and the run (intervention) it belongs to. */
export interface TalkHeavyScript {
  script: FollowingLine[];
  codes: ObserverCode[][];
  runs: number[];
}

export type EncodedKind = 'mp4' | 'm4a' | 'mp3' | 'opus';

// Repeatable (-R): the same script gives the same file, noise and dither included.
const sox = (...args: string[]) => execFileSync('sox', ['-R', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
const duration = (file: string) => Number(execFileSync('soxi', ['-D', file], { encoding: 'utf8' }).trim());

/**
 * `script`: [{ text, at, rising }] — each utterance starts `at` seconds into the session (in order, not overlapping) —
 * or [{ text, pause }]: it starts `pause` seconds after the previous one ends (for scripts whose lines follow
 * each other closely, where the spoken length decides the next start).
 * `seconds`: the session's length (or `tail` seconds after the last line when omitted). `snrDb`: field noise (brown noise, like wind and distant play, or pink
 * or white with `noise`) that many dB below the speech; omitted for a clean recording. Writes a 16 kHz mono WAV to `file`.
 */
export function generateSession({
  file,
  script,
  seconds: fixedSeconds,
  tail: tailSeconds = 3,
  snrDb,
  noise: colour = 'brown',
  distance = false,
  voice = 'en-gb',
}: SessionOptions): GeneratedSession {
  const work = mkdtempSync(path.join(tmpdir(), 'touchline-gen-'));
  try {
    const pieces: string[] = [];
    const truth: SpokenLine[] = [];
    let cursor = 0;
    script.forEach((line, index) => {
      const { text, rising } = line;
      const lineVoice = line.voice ?? voice;
      const at = line.at ?? Math.round((cursor + line.pause) * 1000) / 1000;
      if (at < cursor) throw new Error(`utterance ${index} at ${at}s overlaps the previous one (ends ${cursor.toFixed(2)}s)`);
      const raw = path.join(work, `u${index}-raw.wav`);
      const spoken = path.join(work, `u${index}.wav`);
      if (rising) {
        speakRising(text, lineVoice, spoken, work);
      } else {
        execFileSync('espeak-ng', ['-v', lineVoice, '-s', '165', '-w', raw, text]);
        // Resample, and trim espeak's own leading and trailing silence so the truth is exact.
        sox(raw, '-r', String(RATE), '-c', '1', '-b', '16', spoken, 'silence', '1', '0.01', '0.1%', 'reverse', 'silence', '1', '0.01', '0.1%', 'reverse');
      }
      const length = duration(spoken);
      if (at > cursor) {
        const gap = path.join(work, `g${index}.wav`);
        sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', gap, 'trim', '0', (at - cursor).toFixed(4));
        pieces.push(gap);
      }
      pieces.push(spoken);
      truth.push(line.voice === undefined ? { start: at, end: at + length, text } : { start: at, end: at + length, text, voice: line.voice });
      cursor = at + length;
    });
    // Without a set length, the session ends `tail` seconds after its last line.
    const seconds = fixedSeconds ?? Math.ceil(cursor + tailSeconds);
    if (seconds < cursor) throw new Error(`the script runs to ${cursor.toFixed(2)}s, past the session's ${seconds}s`);
    const tail = path.join(work, 'tail.wav');
    sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', tail, 'trim', '0', (seconds - cursor).toFixed(4) || '0');
    pieces.push(tail);
    let clean = path.join(work, 'clean.wav');
    sox(...pieces, clean);
    let firstLine = path.join(work, 'u0.wav');
    if (distance) {
      const far = path.join(work, 'far.wav');
      sox(clean, far, ...FAR_AWAY);
      clean = far;
      const farFirst = path.join(work, 'u0-far.wav');
      sox(firstLine, farFirst, ...FAR_AWAY);
      firstLine = farFirst;
    }
    if (snrDb === undefined) {
      sox(clean, file);
    } else {
      // Noise level relative to the speech's RMS level.
      const speechRmsDb = rmsDb(firstLine);
      const noise = path.join(work, 'noise.wav');
      if (colour === 'crowd') crowdMurmur(noise, seconds, work);
      else if (colour === 'wind')
        sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', noise, 'synth', String(seconds), 'brownnoise', 'vol', '0.5', 'tremolo', '0.13', '75');
      else
        sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', noise, 'synth', String(seconds), `${colour === 'whistle' ? 'brown' : colour}noise`, 'vol', '0.5');
      const noiseRmsDb = rmsDb(noise);
      const gain = speechRmsDb - snrDb - noiseRmsDb;
      const scaled = path.join(work, 'noise-scaled.wav');
      sox(noise, scaled, 'gain', gain.toFixed(2));
      if (colour === 'whistle') {
        const whistles = path.join(work, 'whistles.wav');
        refereeWhistles(whistles, seconds, speechRmsDb - 3, work);
        sox('-m', clean, scaled, whistles, file);
      } else {
        sox('-m', clean, scaled, file);
      }
    }
    return { file, seconds, truth };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The sox effects for a coach far from the microphone: band-limited, a little room, 10 dB down. */
const FAR_AWAY = ['highpass', '300', 'lowpass', '3400', 'reverb', '30', '50', '40', 'gain', '-10'];

/** Chatter for the crowd murmur: nothing a coach says, no squad names. */
const CROWD_CHATTER = [
  'The bus was late again this morning and it rained the whole way.',
  'My sister is moving house next month, somewhere near the river.',
  'Have you tried the new bakery by the station, the bread is lovely.',
  'I think the car needs new tyres before the winter comes.',
  'We watched a film last night but I fell asleep halfway through.',
  'The shop was out of milk so I had tea without it.',
  'Apparently the road by the school is closed until Friday.',
  'Our dog keeps digging holes in the garden, it drives me mad.',
  'I have to pick the kids up at four and then cook dinner.',
  'The heating in the office has been broken for a week now.',
  'She said the tickets sold out in about ten minutes.',
  'We might go camping in the summer if the weather holds.',
];

/** The murmur's six talkers: other voices than any coach's, a little faster or slower each. */
const CROWD_VOICES: readonly [string, string][] = [
  ['en-gb-x-gbclan+f2', '150'],
  ['en-us-nyc', '175'],
  ['en-gb-x-rp+m2', '160'],
  ['en-029+f4', '185'],
  ['en-gb-scotland+m4', '155'],
  ['en-us+f1', '170'],
];

/**
 * A crowd's murmur `seconds` long: six espeak-ng talkers, each saying the chatter in its own seeded order without
 * pause (looped to length), mixed at once, low-passed at 2.5 kHz and given some room, so no one talker is clear.
 */
function crowdMurmur(file: string, seconds: number, work: string): void {
  const random = seededRandom(Math.round(seconds * 1000) + 17);
  const talkers = CROWD_VOICES.map(([crowdVoice, speed], t) => {
    const order = [...CROWD_CHATTER];
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const raw = path.join(work, `crowd-${t}-raw.wav`);
    const talker = path.join(work, `crowd-${t}.wav`);
    execFileSync('espeak-ng', ['-v', crowdVoice, '-s', speed, '-w', raw, order.join(' ')]);
    const once = duration(raw);
    const repeats = Math.ceil((seconds + 5) / once);
    // Each talker starts at its own point in its chatter.
    const offset = (random() * once).toFixed(3);
    sox(raw, '-r', String(RATE), '-c', '1', '-b', '16', talker, 'repeat', String(repeats), 'trim', offset, String(seconds));
    return talker;
  });
  sox('-m', ...talkers, file, 'lowpass', '2500', 'reverb', '50', '50', '80');
}

/**
 * Referee-whistle blasts over `seconds`: 0.25–0.9 s tones at 2.9–3.2 kHz trilled at 28 Hz (a pea whistle),
 * sometimes two in a row, 12–30 s apart, at `levelDb` RMS; silence between. Seeded by the length.
 */
function refereeWhistles(file: string, seconds: number, levelDb: number, work: string): void {
  const random = seededRandom(Math.round(seconds * 1000) + 31);
  const pieces: string[] = [];
  let cursor = 0;
  let at = 4 + random() * 10;
  let n = 0;
  const silence = (length: number) => {
    const gap = path.join(work, `whistle-gap-${n++}.wav`);
    sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', gap, 'trim', '0', length.toFixed(4));
    pieces.push(gap);
  };
  // A tone at full scale has an RMS of −3 dB; the blast is set to `levelDb`.
  const gain = (levelDb + 3).toFixed(2);
  while (at < seconds - 1) {
    const blasts = random() < 0.3 ? 2 : 1;
    for (let b = 0; b < blasts && at < seconds - 1; b += 1) {
      const length = Math.min(0.25 + random() * 0.65, seconds - at - 0.05);
      if (at > cursor) silence(at - cursor);
      const blast = path.join(work, `whistle-${n++}.wav`);
      const pitch = String(Math.round(2900 + random() * 300));
      sox(
        '-n',
        '-r',
        String(RATE),
        '-c',
        '1',
        '-b',
        '16',
        blast,
        'synth',
        length.toFixed(3),
        'sine',
        pitch,
        'tremolo',
        '28',
        '60',
        'fade',
        '0.02',
        length.toFixed(3),
        '0.05',
        'gain',
        gain,
      );
      pieces.push(blast);
      cursor = at + duration(blast);
      at = cursor + 0.2 + random() * 0.2;
    }
    at = cursor + 12 + random() * 18;
  }
  if (seconds > cursor) silence(seconds - cursor);
  sox(...pieces, file);
}

/** espeak-ng's pitch (0–99, 50 by default) for the last word of a line said rising: about 6 semitones up. */
const RISING_PITCH = 75;

/**
 * Speaks a line whose last word rises (the H-H% end a speaker gives a yes/no question): the words before it at
 * the voice's pitch, the last word at RISING_PITCH, each trimmed of espeak's silence and joined. espeak-ng's own
 * tune for '?' barely rises (1–2 semitones on the last syllable with these voices, none with some), so the
 * rise is made here.
 */
function speakRising(text: string, voice: string, file: string, work: string): void {
  const cut = text.lastIndexOf(' ');
  const parts = [
    [text.slice(0, cut), '50'],
    [text.slice(cut + 1), String(RISING_PITCH)],
  ].map(([words, pitch], i) => {
    const raw = path.join(work, `rising-${i}.wav`);
    const trimmed = path.join(work, `rising-${i}-trimmed.wav`);
    execFileSync('espeak-ng', ['-v', voice, '-s', '165', '-p', pitch, '-w', raw, words]);
    sox(raw, '-r', String(RATE), '-c', '1', '-b', '16', trimmed, 'silence', '1', '0.01', '0.1%', 'reverse', 'silence', '1', '0.01', '0.1%', 'reverse');
    return trimmed;
  });
  sox(...parts, file);
}

/** The RMS level of a file in dB, from sox's stats (which it prints on stderr). */
function rmsDb(file: string): number {
  const result = spawnSync('sox', [file, '-n', 'stats'], { encoding: 'utf8' });
  const match = /RMS lev dB\s+(-?[\d.]+)/.exec(result.stderr);
  if (!match) throw new Error(`sox stats gave no RMS level for ${file}`);
  return Number(match[1]);
}

/**
 * Lines a coach says, each with the codes a human observer gives it (ASUOI/CAIS style): the truth the
 * utterance coding is measured against. Kept apart from the rubric's cue lists on purpose.
 */
export const CODED_LINES: readonly CodedLine[] = [
  { text: 'Keep your head up and pass to the open player.', codes: ['instruction'] },
  { text: 'Move into the space behind the defender.', codes: ['instruction'] },
  { text: 'Play it wide and switch the play quickly.', codes: ['instruction'] },
  { text: 'Open your body when you receive the ball.', codes: ['instruction'] },
  { text: 'Press together, close him down now.', codes: ['instruction'] },
  { text: 'Why did you choose that pass?', codes: ['questioning'] },
  { text: 'What could you do differently there?', codes: ['questioning'] },
  { text: 'Where is the space on the other side?', codes: ['questioning'] },
  { text: 'How can we keep the ball longer?', codes: ['questioning'] },
  { text: 'Great job, well done!', codes: ['praise'] },
  { text: 'Brilliant, that was excellent.', codes: ['praise'] },
  { text: 'Nice touch, perfect.', codes: ['praise'] },
  { text: 'Fantastic effort everybody.', codes: ['praise'] },
  { text: 'That was terrible, you are not listening.', codes: ['scold'] },
  { text: 'Sloppy, that is not good enough.', codes: ['scold'] },
  { text: 'Everyone bring the cones over here.', codes: ['management'] },
  { text: 'Get a drink of water, two minutes.', codes: ['management'] },
  { text: 'Line up in two lines behind the cones.', codes: ['management'] },
  { text: 'Well done James, great pass.', codes: ['praise', 'first-name'] },
  { text: 'Sophie, why did you go there?', codes: ['questioning', 'first-name'] },
  { text: 'Oliver, keep the shape and stay wide.', codes: ['instruction', 'first-name'] },
];

/**
 * Questions and statements for measuring question detection, each with how a speaker says it: yes/no questions
 * end on a rise (`rising`), wh-questions and statements fall (ToBI's H-H% and L-L%), so the words and
 * the voice each find some questions and miss others.
 */
export const QUESTION_LINES: readonly CodedLine[] = [
  { text: 'Can you see the space?', codes: ['questioning'], rising: true },
  { text: 'Are you ready?', codes: ['questioning'], rising: true },
  { text: 'Is that the right pass?', codes: ['questioning'], rising: true },
  { text: 'Did you check your shoulder first?', codes: ['questioning'], rising: true },
  { text: 'You saw the runner?', codes: ['questioning'], rising: true },
  { text: 'Oliver, are you open?', codes: ['questioning', 'first-name'], rising: true },
  ...CODED_LINES,
];

/**
 * A script of `count` lines from QUESTION_LINES (about a third of them questions), 3–6 s apart. Answers the
 * script ([{ text, at, rising }]), each line's codes, and the session length.
 */
export function questionScript({ seed, count }: { seed: number; count: number }): CodedScript {
  const random = seededRandom(seed);
  const script: TimedLine[] = [];
  const codes: ObserverCode[][] = [];
  let at = 1 + random();
  for (let i = 0; i < count; i += 1) {
    const line = QUESTION_LINES[Math.floor(random() * QUESTION_LINES.length)]!;
    script.push({ text: line.text, at: Math.round(at * 100) / 100, ...(line.rising ? { rising: true } : {}) });
    codes.push(line.codes);
    at += 4 + 3 + random() * 3;
  }
  return { script, codes, seconds: Math.ceil(at + 3) };
}

/** A small seeded generator (mulberry32), so a session built from a seed is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A coaching script of `count` coded lines with pauses of `minGap`–`maxGap` seconds between them (longer than
 * the intervention gap, so each line is an intervention of its own). Answers the script, the codes of each
 * line, and the session length (`tail` seconds after the last line's start allowance).
 */
export function codedScript({
  seed,
  count,
  minGap = 3,
  maxGap = 9,
  lineSeconds = 4,
  tail = 5,
}: {
  seed: number;
  count: number;
  minGap?: number;
  maxGap?: number;
  lineSeconds?: number;
  tail?: number;
}): CodedScript {
  const random = seededRandom(seed);
  const script: TimedLine[] = [];
  const codes: ObserverCode[][] = [];
  let at = 1 + random() * 2;
  for (let i = 0; i < count; i += 1) {
    const line = CODED_LINES[Math.floor(random() * CODED_LINES.length)]!;
    script.push({ text: line.text, at: Math.round(at * 100) / 100 });
    codes.push(line.codes);
    at += lineSeconds + minGap + random() * (maxGap - minGap);
  }
  return { script, codes, seconds: Math.ceil(at + tail) };
}

/**
 * A talk-heavy coaching script: runs of three or four coded lines with short breaths between the lines of a
 * run (0.35–0.75 s: utterances of one intervention), and pauses of 2.3–3.2 s between runs (a new
 * intervention), so the coach talks 55–65 % of the time. A few pauses sit near the intervention gap on both sides (1.4–1.7 s
 * inside a run, 2.3–2.6 s between runs), where late or early speech ends would flip the count. Answers the
 * script ([{ text, pause }]) and each line's codes and run; give it to generateSession without `seconds`.
 */
export function talkHeavyScript({ seed, count }: { seed: number; count: number }): TalkHeavyScript {
  const random = seededRandom(seed);
  const script: FollowingLine[] = [];
  const codes: ObserverCode[][] = [];
  const runs: number[] = [];
  let run = 0;
  let left = 0;
  for (let i = 0; i < count; i += 1) {
    let pause: number;
    if (i === 0) pause = 1 + random();
    else if (left > 0) pause = random() < 0.15 ? 1.4 + random() * 0.3 : 0.35 + random() * 0.4;
    else pause = random() < 0.25 ? 2.3 + random() * 0.3 : 2.6 + random() * 0.6;
    if (left === 0) {
      run += 1;
      left = 3 + Math.floor(random() * 2);
    }
    left -= 1;
    const line = CODED_LINES[Math.floor(random() * CODED_LINES.length)]!;
    script.push({ text: line.text, pause: Math.round(pause * 100) / 100 });
    codes.push(line.codes);
    runs.push(run);
  }
  return { script, codes, runs };
}

/**
 * A script whose pauses sit around the intervention gap, where a pause measured a tenth of a second long or short
 * flips the count: `count` coded lines, each `pause` seconds after the previous one ends, the pauses drawn from
 * `minPause`–`maxPause` (1.7–2.3 s unless told) or, with `pauses`, taken from that list in turn. Every few lines a
 * short breath (0.4–0.7 s) joins two lines into one intervention, as a coach's lines often are, unless `breaths`
 * is false. Answers the script ([{ text, pause }]) and each line's codes; give it to generateSession without
 * `seconds`, and count the true interventions from the truth it answers.
 */
export function nearGapScript({
  seed,
  count,
  minPause = 1.7,
  maxPause = 2.3,
  pauses,
  breaths = true,
}: {
  seed: number;
  count: number;
  minPause?: number;
  maxPause?: number;
  pauses?: readonly number[];
  breaths?: boolean;
}): { script: FollowingLine[]; codes: ObserverCode[][] } {
  const random = seededRandom(seed);
  const script: FollowingLine[] = [];
  const codes: ObserverCode[][] = [];
  let nearGap = 0;
  for (let i = 0; i < count; i += 1) {
    let pause: number;
    if (i === 0) pause = 1 + random();
    else if (breaths && random() < 0.2) pause = 0.4 + random() * 0.3;
    else pause = pauses ? pauses[nearGap++ % pauses.length]! : minPause + random() * (maxPause - minPause);
    const line = CODED_LINES[Math.floor(random() * CODED_LINES.length)]!;
    script.push({ text: line.text, pause: Math.round(pause * 1000) / 1000 });
    codes.push(line.codes);
  }
  return { script, codes };
}

/** The same recording in another container: `mp4` (video with a plain picture), `m4a`, `mp3` or `opus`. */
export function encodeAs(wav: string, file: string, kind: EncodedKind): string {
  const args: string[] | undefined = {
    mp4: ['-f', 'lavfi', '-i', 'color=c=green:s=160x120:r=10', '-i', wav, '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '96k'],
    m4a: ['-i', wav, '-c:a', 'aac', '-b:a', '96k'],
    mp3: ['-i', wav, '-c:a', 'libmp3lame', '-b:a', '96k'],
    opus: ['-i', wav, '-c:a', 'libopus', '-b:a', '32k'],
  }[kind] as string[] | undefined;
  if (!args) throw new Error(`unknown kind ${kind}`);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args, '-y', file]);
  return file;
}
