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
