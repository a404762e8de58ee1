import { MEDIA_FORMATS, type MediaFormat, type MediaType } from '@touchline/shared';
import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes the detection reads: enough for every container the product accepts. */
export const SNIFF_BYTES = 4100;

export interface DetectedMedia {
  format: MediaFormat;
  /** The canonical MIME type of the detected format. */
  contentType: string;
}

/** The accepted format the bytes are in, judged from the bytes alone; null for anything else. */
export async function detectMedia(head: Uint8Array): Promise<DetectedMedia | null> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  const format = MEDIA_FORMATS.find((f) => f.extension === detected.ext);
  return format ? { format, contentType: detected.mime } : null;
}

/**
 * Audio-only formats make an audio session whatever was declared; the containers that may or may not hold
 * pictures (WebM, MP4, MOV) keep what the coach chose.
 */
export function mediaTypeOf(detected: DetectedMedia, declared: MediaType): MediaType {
  return detected.format.mediaType === 'audio' ? 'audio' : declared;
}

/**
 * The file name to keep: the last path segment, without control or markup characters, at most 255
 * characters with its extension kept.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!cleaned) return 'recording';
  if (cleaned.length <= 255) return cleaned;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, 255 - extension.length) + extension;
}
