import { ApiProperty } from '@nestjs/swagger';
import { MEDIA_TYPES, SESSION_TITLE_MAX_LENGTH, type MediaType } from '@touchline/shared';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Length, Min } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateSessionDto {
  @ApiProperty({ maxLength: SESSION_TITLE_MAX_LENGTH })
  @Transform(trim)
  @IsString()
  @Length(1, SESSION_TITLE_MAX_LENGTH, { message: `title must be 1 to ${SESSION_TITLE_MAX_LENGTH} characters` })
  title: string;

  @ApiProperty({ enum: MEDIA_TYPES })
  @IsIn(MEDIA_TYPES, { message: `mediaType must be one of: ${MEDIA_TYPES.join(', ')}` })
  mediaType: MediaType;

  @ApiProperty({ description: 'The name of the file on the device; its extension must be a supported format' })
  @IsString()
  @Length(1, 1024, { message: 'fileName must be 1 to 1024 characters' })
  fileName: string;

  @ApiProperty({ description: 'The exact size of the file in bytes' })
  @IsInt({ message: 'sizeBytes must be a whole number' })
  @Min(1, { message: 'sizeBytes must be at least 1' })
  sizeBytes: number;
}
