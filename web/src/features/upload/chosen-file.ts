import { mediaFormatForFileName, SESSION_MESSAGES, SESSION_TITLE_MAX_LENGTH, type MediaType } from '@touchline/shared';

/** A title suggested by the file's name, without its extension. */
export const titleFromFileName = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, SESSION_TITLE_MAX_LENGTH);

export function inferMediaType(file: File): MediaType {
  if (file.type.startsWith('audio/')) return 'audio';
  if (file.type.startsWith('video/')) return 'video';
  return mediaFormatForFileName(file.name)?.mediaType ?? 'video';
}

/** Checks what the browser can know before sending anything; the server checks the bytes again. */
export function checkFile(file: File): string | null {
  if (!mediaFormatForFileName(file.name)) return SESSION_MESSAGES.unsupportedType;
  if (file.size === 0) return SESSION_MESSAGES.emptyFile;
  return null;
}
