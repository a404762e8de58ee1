import { ApiPropertyOptional } from '@nestjs/swagger';
import { MEDIA_TYPES, PROCESSING_STATUSES, SESSION_PAGE, type MediaType, type ProcessingStatus, type SessionQuery } from '@touchline/shared';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The query of `GET /api/sessions`: filters and the page. */
export class ListSessionsQuery implements SessionQuery {
  @ApiPropertyOptional({ description: 'Words in the title or the file name (case-insensitive)', maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @Matches(/^[^\u0000]*$/, { message: 'search must not contain NUL characters' })
  search?: string;

  @ApiPropertyOptional({ enum: PROCESSING_STATUSES })
  @IsOptional()
  @IsIn(PROCESSING_STATUSES, { message: `status must be one of: ${PROCESSING_STATUSES.join(', ')}` })
  status?: ProcessingStatus;

  @ApiPropertyOptional({ enum: MEDIA_TYPES })
  @IsOptional()
  @IsIn(MEDIA_TYPES, { message: `mediaType must be one of: ${MEDIA_TYPES.join(', ')}` })
  mediaType?: MediaType;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: SESSION_PAGE.maxPage, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(SESSION_PAGE.maxPage, { message: `page must be at most ${SESSION_PAGE.maxPage}` })
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: SESSION_PAGE.maxSize, default: SESSION_PAGE.defaultSize })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize must be a whole number' })
  @Min(1, { message: 'pageSize must be at least 1' })
  @Max(SESSION_PAGE.maxSize, { message: `pageSize must be at most ${SESSION_PAGE.maxSize}` })
  pageSize?: number;
}
