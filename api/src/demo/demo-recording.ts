import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const RATE = '16000';

/** What the demo coach says and when (seconds). A synthetic voice: no real person is heard. */
export const DEMO_SCRIPT = [
  { at: 2, text: 'Morning everyone, bibs on and line up in two lines.' },
  { at: 9, text: 'Pass it wide and keep your shape.' },
  { at: 17, text: 'What did you see there?' },
  { at: 24, text: 'Great first touch Sam!' },
  { at: 31, text: 'Where is the space? Can you find it?' },
  { at: 39, text: 'Check your shoulder before the ball arrives.' },
  { at: 47, text: 'Well done Emma, good work.' },
] as const;
export const DEMO_SECONDS = 55;
/** The demo coach's squad: the first names the coding looks for, and Whisper's prompt. */
export const DEMO_SQUAD = ['Sam', 'Emma'] as const;

/** Bumped when the script or how it is analysed changes, so a stored demo made the old way is made again. */
export const DEMO_VERSION = 2;

/**
 * Speaks the demo script with espeak-ng and lays it on silence with sox (both Debian packages `npm start`
 * installs), into a 16 kHz mono WAV of DEMO_SECONDS: a few hundred kilobytes.
 */
export async function generateDemoRecording(file: string): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'touchline-demo-'));
  try {
    const pieces: string[] = [];
    let cursor = 0;
    for (const [index, { at, text }] of DEMO_SCRIPT.entries()) {
      const raw = path.join(work, `u${index}-raw.wav`);
      const spoken = path.join(work, `u${index}.wav`);
      await run('espeak-ng', ['-v', 'en-gb', '-s', '160', '-w', raw, text]);
      await run('sox', ['-R', raw, '-r', RATE, '-c', '1', '-b', '16', spoken]);
      const length = Number((await run('soxi', ['-D', spoken])).stdout.trim());
      pieces.push(await silence(work, `g${index}`, at - cursor), spoken);
      cursor = at + length;
    }
    pieces.push(await silence(work, 'tail', Math.max(0.5, DEMO_SECONDS - cursor)));
    await run('sox', ['-R', ...pieces, file]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function silence(work: string, name: string, seconds: number): Promise<string> {
  const file = path.join(work, `${name}.wav`);
  await run('sox', ['-R', '-n', '-r', RATE, '-c', '1', '-b', '16', file, 'trim', '0', Math.max(0.01, seconds).toFixed(3)]);
  return file;
}
