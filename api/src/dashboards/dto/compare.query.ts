import { ApiProperty } from '@nestjs/swagger';
import { COMPARE, COMPARE_MESSAGES } from '@touchline/shared';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsUUID } from 'class-validator';

const commaList = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',').map((id) => id.trim()) : value);

/** The query of `GET /api/dashboard/compare`: the sessions to put side by side, in order. */
export class CompareQuery {
  @ApiProperty({ description: `${COMPARE.min} to ${COMPARE.max} session ids, separated by commas`, example: 'id1,id2' })
  @Transform(commaList)
  @IsArray({ message: COMPARE_MESSAGES.ids })
  @ArrayMinSize(COMPARE.min, { message: COMPARE_MESSAGES.ids })
  @ArrayMaxSize(COMPARE.max, { message: COMPARE_MESSAGES.ids })
  @ArrayUnique({ message: COMPARE_MESSAGES.ids })
  @IsUUID('all', { each: true, message: COMPARE_MESSAGES.ids })
  ids: string[];
}
