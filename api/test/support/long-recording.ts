import { execFileSync } from 'node:child_process';
import { open, readFile, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { generateSession, wavHeader } from '@touchline/tooling';

const RATE = 8000;
const CHUNK_SECONDS = 600;

/**
 * An hours-long recording that is cheap to make: 8 kHz unsigned 8-bit WAV (a phone-call format ffmpeg reads
 * like any other), quiet except for one spoken line at each of `speechAt` seconds. Written in pieces, so
 * memory stays small. Answers the file's size in bytes.
 */
export async function writeLongRecording(file: string, seconds: number, speechAt: number[]): Promise<number> {
  const spoken = path.join(path.dirname(file), `${path.basename(file)}.line.wav`);
  const raw = `${spoken}.raw`;
  generateSession({ file: spoken, seconds: 4, script: [{ text: 'Well done, keep the ball moving.', at: 0.5 }] });
  execFileSync('sox', [spoken, '-r', String(RATE), '-c', '1', '-b', '8', '-e', 'unsigned-integer', '-t', 'raw', raw]);
  const line = await readFile(raw);
  await rm(spoken);
  await rm(raw);

  const dataBytes = seconds * RATE;
  const header = wavHeader(44 + dataBytes, { sampleRate: RATE, bitsPerSample: 8 });

  const out = await open(file, 'w');
  try {
    await out.write(header, 0, header.length, 0);
    for (let start = 0; start < seconds; start += CHUNK_SECONDS) {
      const length = Math.min(CHUNK_SECONDS, seconds - start) * RATE;
      const chunk = Buffer.alloc(length, 0x80); // unsigned 8-bit silence
      for (const at of speechAt) {
        const offset = Math.round((at - start) * RATE);
        if (offset >= 0 && offset < length) line.copy(chunk, offset, 0, Math.min(line.length, length - offset));
      }
      await out.write(chunk, 0, chunk.length, 44 + start * RATE);
    }
  } finally {
    await out.close();
  }
  return 44 + dataBytes;
}
