// Recordings for tests and benchmarks: files whose first bytes are a real container header (what the API
// detects) followed by noise, generated at any size without holding the whole file in memory.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** The containers whose headers the API detects. */
export type MediaKind = 'wav' | 'mp4';

export interface WavFormat {
  sampleRate?: number;
  bitsPerSample?: number;
}

/** A WAV (RIFF, mono PCM, 16-bit at 16 kHz unless told otherwise) header for `size` bytes of file. */
export function wavHeader(size: number, { sampleRate = 16_000, bitsPerSample = 16 }: WavFormat = {}): Buffer {
  const bytesPerSample = bitsPerSample / 8;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(size - 8, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * bytesPerSample, 28);
  header.writeUInt16LE(bytesPerSample, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36);
  header.writeUInt32LE(size - 44, 40);
  return header;
}

/** An MP4 `ftyp` box (brand isom) and the start of an `mdat` box covering the rest of `size` bytes. */
export function mp4Header(size: number): Buffer {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftypisom', 4);
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2avc1mp41', 16);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - 32, 0);
  mdat.write('mdat', 4);
  return Buffer.concat([ftyp, mdat]);
}

const HEADERS: Record<MediaKind, (size: number) => Buffer> = { wav: wavHeader, mp4: mp4Header };

/** The whole file in memory: for small test files. */
export function mediaBuffer(kind: MediaKind, size: number): Buffer {
  const header = HEADERS[kind](size);
  return Buffer.concat([header, randomBytes(size - header.length)]);
}

/** Writes a file of `size` bytes to `file` in 4 MiB pieces. */
export async function writeMediaFile(file: string, kind: MediaKind, size: number): Promise<void> {
  const out = createWriteStream(file);
  const header = HEADERS[kind](size);
  out.write(header);
  let left = size - header.length;
  while (left > 0) {
    const piece = randomBytes(Math.min(left, 4 * 1024 * 1024));
    left -= piece.length;
    if (!out.write(piece)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
