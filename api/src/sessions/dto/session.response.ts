import { ApiProperty } from '@nestjs/swagger';
import {
  ANALYSIS_WAITS,
  MEDIA_TYPES,
  PROCESSING_STATUSES,
  SESSION_PAGE,
  type AnalysisWait,
  type CoachingSessionDto,
  type CreatedSessionDto,
  type MediaType,
  type UploadUsageDto,
  type ProcessingStatus,
  type SessionPageDto,
  type SessionStatusEventDto,
} from '@touchline/shared';

export class SessionResponse implements CoachingSessionDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ enum: MEDIA_TYPES })
  mediaType: MediaType;

  @ApiProperty()
  originalFileName: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  sizeBytes: number;

  @ApiProperty({ type: String, nullable: true, description: "Detected from the file's bytes once the upload is complete" })
  contentType: string | null;

  @ApiProperty({ enum: PROCESSING_STATUSES })
  processingStatus: ProcessingStatus;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100, description: 'Percent of the analysis done' })
  analysisProgress: number;

  @ApiProperty({
    enum: ANALYSIS_WAITS,
    required: false,
    description: 'What the running analysis is waiting for, present only while it waits: `transcriber` while the speech recogniser is still being installed',
  })
  waitingFor?: AnalysisWait;

  @ApiProperty({ type: String, nullable: true, description: 'Why the analysis failed, when it did' })
  failureReason: string | null;

  @ApiProperty({ description: 'True when the analysis failed and trying it again can succeed' })
  retryable: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null while the upload is still open' })
  uploadedAt: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

class UploadMetadata {
  @ApiProperty({ format: 'uuid', description: 'The session id, sent as the tus Upload-Metadata `sessionId`' })
  sessionId: string;
}

class UploadTarget {
  @ApiProperty({ example: '/api/uploads', description: 'The tus endpoint to create the upload at' })
  endpoint: string;

  @ApiProperty({ type: UploadMetadata })
  metadata: Record<string, string>;
}

export class CreatedSessionResponse implements CreatedSessionDto {
  @ApiProperty({ type: SessionResponse })
  session: SessionResponse;

  @ApiProperty({ type: UploadTarget })
  upload: UploadTarget;
}

export class SessionPageResponse implements SessionPageDto {
  @ApiProperty({ type: [SessionResponse] })
  items: SessionResponse[];

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Sessions matching the filters, on every page' })
  total: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: SESSION_PAGE.maxPage })
  page: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: SESSION_PAGE.maxSize })
  pageSize: number;
}

export class MediaUrlResponse {
  @ApiProperty({ description: 'A signed URL that serves the recording with HTTP Range requests' })
  url: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
}

export class UploadUsageResponse implements UploadUsageDto {
  @ApiProperty({
    type: 'number',
    minimum: 0,
    description: 'Minutes of recordings uploaded this calendar month (UTC), as their analyses measured them, in tenths rounded down',
  })
  usedMinutes: number;

  @ApiProperty({ type: 'integer', minimum: 0, nullable: true, description: "The plan's monthly upload minutes; null: no limit" })
  limitMinutes: number | null;

  @ApiProperty({ format: 'date-time', description: 'When the count starts again: the first day of next month, 00:00 UTC' })
  resetsAt: string;
}

/** The data of a `session` event of GET /api/sessions/events. */
export class SessionStatusEventResponse implements SessionStatusEventDto {
  @ApiProperty({ format: 'uuid' })
  sessionId: string;

  @ApiProperty({ enum: [...PROCESSING_STATUSES, 'deleted'], description: '`deleted` once the session is gone' })
  status: ProcessingStatus | 'deleted';

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100, description: 'Percent of the analysis done' })
  progress: number;

  @ApiProperty({ enum: ANALYSIS_WAITS, required: false, description: 'What the running analysis is waiting for, present only while it waits' })
  waitingFor?: AnalysisWait;

  @ApiProperty({ description: 'Whether the recording has finished uploading' })
  uploaded: boolean;
}
