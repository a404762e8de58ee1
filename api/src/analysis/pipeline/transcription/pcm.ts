import { open } from 'node:fs/promises';
import { SAMPLE_RATE } from '../audio-decoder';
import type { Segment } from '../speech-segments';

const BYTES_PER_SAMPLE = 2;

/** Float samples in [-1, 1) as 16-bit little-endian PCM, the decoder's own resolution. */
export function toPcm16(samples: Float32Array): Buffer {
  const bytes = Buffer.allocUnsafe(samples.length * BYTES_PER_SAMPLE);
  for (let i = 0; i < samples.length; i += 1) {
    bytes.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768))), i * BYTES_PER_SAMPLE);
  }
  return bytes;
}

/** A span of a PCM file as a WAV file (the format every transcription service takes). */
export async function wavOfSpan(pcmFile: string, span: Segment): Promise<Buffer> {
  return wavOfPcm(await pcmOfSpan(pcmFile, span));
}

/** A span of a PCM file, as 16-bit little-endian PCM (shorter at the file's end). */
export async function pcmOfSpan(pcmFile: string, span: Segment): Promise<Buffer> {
  const first = Math.floor(span.start * SAMPLE_RATE) * BYTES_PER_SAMPLE;
  const last = Math.ceil(span.end * SAMPLE_RATE) * BYTES_PER_SAMPLE;
  const file = await open(pcmFile, 'r');
  try {
    const data = Buffer.alloc(Math.max(0, last - first));
    const { bytesRead } = await file.read(data, 0, data.length, first);
    return data.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** 16 kHz mono 16-bit PCM as a WAV file. */
export function wavOfPcm(pcm: Buffer): Buffer {
  return Buffer.concat([wavHeader(pcm.length), pcm]);
}

/** How many bytes of 16-bit PCM the given time takes, to the nearest sample. */
export function pcmBytes(seconds: number): number {
  return Math.round(seconds * SAMPLE_RATE) * BYTES_PER_SAMPLE;
}

/** A span of a PCM file as float samples in [-1, 1). */
export async function samplesOfSpan(pcmFile: string, span: Segment): Promise<Float32Array> {
  const data = await pcmOfSpan(pcmFile, span);
  const samples = new Float32Array(Math.floor(data.length / BYTES_PER_SAMPLE));
  for (let i = 0; i < samples.length; i += 1) samples[i] = data.readInt16LE(i * BYTES_PER_SAMPLE) / 32768;
  return samples;
}

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
