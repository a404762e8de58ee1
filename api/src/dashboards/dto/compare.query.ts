import { ApiProperty } from '@nestjs/swagger';
import { COMPARE, COMPARE_MESSAGES } from '@touchline/shared';
import { Transform } from 'class-transformer';
import { isUUID, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';

/** A session id as the validator accepts it (class-validator's isUUID: versions 1–8, the nil and the max UUID). */
const UUID =
  '(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})';
/** The documented form of the list: 2 to 4 ids, none repeated (the lookahead), separated by commas. */
const ID_LIST = `^(?!.*(${UUID}).*\\1)${UUID}(?:,${UUID}){${COMPARE.min - 1},${COMPARE.max - 1}}$`;

const commaList = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',').map((id) => id.trim()) : value);

/** Two to four different session ids: one rule, so a bad list gets one message. */
@ValidatorConstraint({ name: 'sessionIdList' })
class SessionIdList implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      Array.isArray(value) &&
      value.length >= COMPARE.min &&
      value.length <= COMPARE.max &&
      new Set(value).size === value.length &&
      value.every((id) => typeof id === 'string' && isUUID(id))
    );
  }

  defaultMessage(): string {
    return COMPARE_MESSAGES.ids;
  }
}

/** The query of `GET /api/dashboard/compare`: the sessions to put side by side, in order. */
export class CompareQuery {
  @ApiProperty({
    type: String,
    pattern: ID_LIST,
    description: `${COMPARE.min} to ${COMPARE.max} different session ids, separated by commas`,
    example: '0b3c8f5e-6f1a-4c2d-9e7b-1a2b3c4d5e6f,5d9e2a7c-3b4f-4e1a-8c6d-7f8e9a0b1c2d',
  })
  @Transform(commaList)
  @Validate(SessionIdList)
  ids: string[];
}
