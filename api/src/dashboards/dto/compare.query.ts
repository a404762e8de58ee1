import { ApiProperty } from '@nestjs/swagger';
import { COMPARE, COMPARE_MESSAGES } from '@touchline/shared';
import { Transform } from 'class-transformer';
import { isUUID, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';

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
  @ApiProperty({ description: `${COMPARE.min} to ${COMPARE.max} session ids, separated by commas`, example: 'id1,id2' })
  @Transform(commaList)
  @Validate(SessionIdList)
  ids: string[];
}
