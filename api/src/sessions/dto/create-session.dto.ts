import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { MEDIA_FORMATS, MEDIA_TYPES, SESSION_TITLE_MAX_LENGTH, type MediaType } from '@touchline/shared';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Length, Min } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A supported extension in any letter case, as a JSON Schema pattern (which has no case-insensitive flag). */
const anyCase = (text: string) => [...text].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
const SUPPORTED_FILE_NAME = `\\.(${MEDIA_FORMATS.map((f) => anyCase(f.extension)).join('|')})$`;

/** The largest recording is a setting (`MAX_UPLOAD_BYTES`); the document is given it at start-up. */
export const CREATE_SESSION_SCHEMA = 'CreateSessionDto';

@ApiSchema({ name: 'CreateSessionDto' })
export class CreateSessionBody {
  @ApiProperty({ minLength: 1, maxLength: SESSION_TITLE_MAX_LENGTH, pattern: '[^\\s\\uFEFF]', description: 'Not only spaces' })
  @Transform(trim)
  @IsString()
  @Length(1, SESSION_TITLE_MAX_LENGTH, { message: `title must be 1 to ${SESSION_TITLE_MAX_LENGTH} characters` })
  title: string;

  @ApiProperty({ enum: MEDIA_TYPES })
  @IsIn(MEDIA_TYPES, { message: `mediaType must be one of: ${MEDIA_TYPES.join(', ')}` })
  mediaType: MediaType;

  @ApiProperty({
    description: 'The name of the file on the device; its extension must be a supported format',
    minLength: 1,
    maxLength: 1024,
    pattern: SUPPORTED_FILE_NAME,
  })
  @IsString()
  @Length(1, 1024, { message: 'fileName must be 1 to 1024 characters' })
  fileName: string;

  @ApiProperty({ description: 'The exact size of the file in bytes, at most MAX_UPLOAD_BYTES', type: 'integer', minimum: 1 })
  @IsInt({ message: 'sizeBytes must be a whole number' })
  @Min(1, { message: 'sizeBytes must be at least 1' })
  sizeBytes: number;
}
