import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONTACT_LIMITS, CONTACT_TOPICS, IDENTITY_ERROR_MESSAGES, type ContactTopic } from '@touchline/shared';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, Length, MaxLength, ValidateIf } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * Trims a text that is within `max` characters as sent, and leaves a longer one as it is for the length check to
 * refuse: the documented maxLength applies to the text as sent, spaces around it included.
 */
const trimWithin =
  (max: number) =>
  ({ value }: { value: unknown }) =>
    typeof value === 'string' && [...value].length <= max ? value.trim() : value;

export class ContactRequestBody {
  @ApiProperty({ minLength: 1, maxLength: CONTACT_LIMITS.nameMaxLength })
  @Transform(trim)
  @IsString()
  @Length(1, CONTACT_LIMITS.nameMaxLength, { message: `name must be 1 to ${CONTACT_LIMITS.nameMaxLength} characters` })
  name: string;

  @ApiProperty({ format: 'email', maxLength: CONTACT_LIMITS.emailMaxLength })
  @Transform(trim)
  @IsEmail({}, { message: IDENTITY_ERROR_MESSAGES['invalid-email'] })
  @MaxLength(CONTACT_LIMITS.emailMaxLength)
  email: string;

  @ApiProperty({ enum: CONTACT_TOPICS })
  @IsIn(CONTACT_TOPICS, { message: `topic must be one of: ${CONTACT_TOPICS.join(', ')}` })
  topic: ContactTopic;

  @ApiProperty({ minLength: CONTACT_LIMITS.messageMinLength, maxLength: CONTACT_LIMITS.messageMaxLength })
  @Transform(trim)
  @IsString()
  @Length(CONTACT_LIMITS.messageMinLength, CONTACT_LIMITS.messageMaxLength, {
    message: `message must be ${CONTACT_LIMITS.messageMinLength} to ${CONTACT_LIMITS.messageMaxLength} characters`,
  })
  message: string;

  /** A field people never see: only bots fill it in. */
  @ApiPropertyOptional({ description: 'Leave empty', maxLength: 200 })
  // Absent or a string, as documented; null is refused like any other wrong type.
  @ValidateIf((_, value) => value !== undefined)
  @IsString()
  @MaxLength(200)
  website?: string;
}

export class ContactRequestResponse {
  @ApiProperty({ example: 'TL-7K3M9QXA' })
  reference: string;

  @ApiProperty()
  message: string;
}

export class AssistantQuestionBody {
  @ApiProperty({ minLength: 2, maxLength: 500, pattern: '[^\\s\\uFEFF][\\s\\S]*[^\\s\\uFEFF]', description: 'At least two characters besides spaces' })
  @Transform(trimWithin(500))
  @IsString()
  @Length(2, 500, { message: 'question must be 2 to 500 characters' })
  question: string;
}

export class HelpSearchQuery {
  @ApiProperty({ minLength: 1, maxLength: 200, pattern: '[^\\s\\uFEFF]', description: 'Not only spaces' })
  @Transform(trimWithin(200))
  @IsString()
  @Length(1, 200, { message: 'q must be 1 to 200 characters' })
  q: string;
}

export class HelpSourceResponse {
  @ApiProperty()
  title: string;

  @ApiProperty()
  section: string;

  @ApiProperty({ example: '/help/guides/recording#wind' })
  url: string;
}

export class AssistantAnswerResponse {
  @ApiProperty()
  answer: string;

  @ApiProperty({ description: 'false when the help content has nothing on the question' })
  known: boolean;

  @ApiProperty({ type: [HelpSourceResponse] })
  sources: HelpSourceResponse[];

  @ApiProperty({ enum: ['search', 'llm'] })
  mode: 'search' | 'llm';
}

export class HelpSearchHitResponse extends HelpSourceResponse {
  @ApiProperty({ enum: ['guide', 'faq', 'rubric'] })
  kind: 'guide' | 'faq' | 'rubric';

  @ApiProperty({ description: 'The start of the passage, as plain text' })
  excerpt: string;
}
