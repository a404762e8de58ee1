import type { MediaType, ProcessingStatus } from './enums';

/**
 * The media formats a session may be uploaded in. The API decides from the file's first bytes; the web app
 * uses the extensions to infer the media type and to refuse an unsupported file before sending it.
 */
export const MEDIA_FORMATS = [
  { extension: 'mp3', mediaType: 'audio', mimeTypes: ['audio/mpeg'] },
  { extension: 'm4a', mediaType: 'audio', mimeTypes: ['audio/x-m4a', 'audio/mp4', 'audio/m4a'] },
  { extension: 'aac', mediaType: 'audio', mimeTypes: ['audio/aac', 'audio/x-aac'] },
  { extension: 'wav', mediaType: 'audio', mimeTypes: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'] },
  { extension: 'ogg', mediaType: 'audio', mimeTypes: ['audio/ogg', 'application/ogg'] },
  { extension: 'opus', mediaType: 'audio', mimeTypes: ['audio/opus', 'audio/ogg'] },
  { extension: 'webm', mediaType: 'video', mimeTypes: ['video/webm', 'audio/webm'] },
  { extension: 'mp4', mediaType: 'video', mimeTypes: ['video/mp4'] },
  { extension: 'mov', mediaType: 'video', mimeTypes: ['video/quicktime'] },
] as const satisfies readonly { extension: string; mediaType: MediaType; mimeTypes: readonly string[] }[];

export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export function mediaFormatForFileName(fileName: string): MediaFormat | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return MEDIA_FORMATS.find((format) => format.extension === extension);
}

/** The `accept` attribute of the file picker. */
export const MEDIA_ACCEPT = MEDIA_FORMATS.map((f) => `.${f.extension}`).join(',');

export const SESSION_TITLE_MAX_LENGTH = 120;

export const SESSION_MESSAGES = {
  unsupportedType: 'This file type is not supported. Please upload an MP3, M4A, AAC, WAV, OGG, Opus, WebM, MP4 or MOV file.',
  tooLarge: (limit: string) => `This file is larger than the upload limit of ${limit}.`,
  emptyFile: 'This file is empty. Please choose a recording.',
  sizeMismatch: 'The uploaded file does not have the size announced for it. Please upload it again.',
  notFound: 'Session not found',
  alreadyUploaded: "This session's recording has already been uploaded.",
  notUploaded: "This session's recording has not finished uploading yet.",
  reportNotReady: "This session's analysis is not finished yet.",
  analysisFailed: 'The analysis failed on the server. Please try again later.',
  uploadNotFound: 'Upload not found',
  retryNotFailed: 'Only a failed analysis can be tried again.',
  retryPermanent: 'This recording cannot be analysed, so trying again would fail the same way. Please upload another recording.',
  tooLong: (limit: string) => `This recording is longer than ${limit}, the longest the analysis takes. Please upload a shorter one.`,
  tooManyStreams: 'Too many Touchline tabs or devices are following live updates for your account. Close one and try again.',
} as const;

/** What a running analysis can be held up by: the speech recogniser still being installed on the server. */
export const ANALYSIS_WAITS = ['transcriber'] as const;
export type AnalysisWait = (typeof ANALYSIS_WAITS)[number];

/** A coaching session as the API returns it. */
export interface CoachingSessionDto {
  id: string;
  title: string;
  mediaType: MediaType;
  originalFileName: string;
  sizeBytes: number;
  /** Detected from the file's bytes once the upload is complete; null before. */
  contentType: string | null;
  processingStatus: ProcessingStatus;
  /** Percent of the analysis done (0–100). */
  analysisProgress: number;
  /**
   * What the running analysis is waiting for, present only while it waits: `transcriber` while the speech
   * recogniser (Whisper) is still being installed on the server; the analysis goes on by itself once it is there.
   */
  waitingFor?: AnalysisWait;
  /** Why the analysis failed, when it did. */
  failureReason: string | null;
  /** True when the analysis failed and trying it again can succeed; a recording that cannot be analysed is final. */
  retryable: boolean;
  /** When the recording finished uploading; null while the upload is still open. */
  uploadedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer to `POST /api/sessions`: the session and where its recording goes. */
export interface CreatedSessionDto {
  session: CoachingSessionDto;
  upload: { endpoint: string; metadata: Record<string, string> };
}

/** Binary size the way people read it: 10 GB, 250 MB. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** A duration in minutes the way people read it: 90 minutes, 4 hours. */
export function formatMinutes(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The live status stream, `GET /api/sessions/events` (server-sent events, Bearer token): one `session` event per
 * change of one of the caller's sessions, a comment as heartbeat, and the end of the stream when the access token
 * expires (the client reconnects with a fresh one).
 */
export const SESSION_EVENTS = {
  url: '/api/sessions/events',
  event: 'session',
  /** Sent when the coach's plan or role changed; the app then refreshes the user from `GET /api/auth/check`. */
  accountEvent: 'account',
  /** Below the idle timeouts of common proxies (nginx and most load balancers: 60 s). */
  heartbeatMs: 25_000,
  /** Streams one coach may hold open at once (tabs and devices); the next is refused with 429 until one closes. */
  maxStreamsPerCoach: 10,
} as const;

/** The data of a `session` event: small on purpose, the client reads the rest from the API when it needs it. */
export interface SessionStatusEventDto {
  sessionId: string;
  /** `deleted` once the session is gone. */
  status: ProcessingStatus | 'deleted';
  /** Percent of the analysis done (0–100). */
  progress: number;
  /** What the running analysis is waiting for, present only while it waits (as CoachingSessionDto.waitingFor). */
  waitingFor?: AnalysisWait;
  /** Whether the recording has finished uploading. */
  uploaded: boolean;
}
