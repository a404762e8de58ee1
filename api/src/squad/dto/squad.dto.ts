import { ApiProperty } from '@nestjs/swagger';
import { SQUAD_LIMITS, SQUAD_MESSAGES, SQUAD_NAME_PATTERN, type SquadDto, type TeamSquadDto } from '@touchline/shared';
import { Transform } from 'class-transformer';
import { Validate, ValidatorConstraint, type ValidationArguments, type ValidatorConstraintInterface } from 'class-validator';

const NAME = new RegExp(SQUAD_NAME_PATTERN, 'u');
// The letters rule (any script) is in the description: JSON Schema regexes have no portable letter class.
// The documented pattern is a plain-ASCII, capitalised subset of what the API accepts (letters of any script, any
// case), so every name a client builds from the document is accepted and no two of them differ only in case.
const name = {
  type: 'string',
  minLength: 1,
  maxLength: SQUAD_LIMITS.nameLength,
  pattern: "^[A-Z][a-z]*(?:[ '-][A-Z][a-z]*)*$",
  description: 'A first name: letters of any script, with spaces, hyphens or apostrophes only between them',
};

/** What is wrong with a squad, one reason (the first found), or null when it is a valid one. */
export function squadProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length > SQUAD_LIMITS.players) return SQUAD_MESSAGES.names;
  if (value.some((n) => typeof n !== 'string' || n.length > SQUAD_LIMITS.nameLength || !NAME.test(n))) return SQUAD_MESSAGES.name;
  const folded = (value as string[]).map((n) => n.toLocaleLowerCase());
  if (new Set(folded).size !== folded.length) return SQUAD_MESSAGES.duplicate;
  return null;
}

@ValidatorConstraint({ name: 'squadNames' })
class SquadNames implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return squadProblem(value) === null;
  }

  defaultMessage(args: ValidationArguments): string {
    return squadProblem(args.value) ?? SQUAD_MESSAGES.names;
  }
}

/** The body of `PUT /api/squad` and `PUT /api/team/squad`: the whole squad, replaced at once. Spaces around a name are dropped first. */
export class SquadBody implements SquadDto {
  @ApiProperty({ type: [String], maxItems: SQUAD_LIMITS.players, uniqueItems: true, items: name, example: ['Sophie', 'James', 'Mary-Jo'] } as never)
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((n: unknown) => (typeof n === 'string' ? n.trim() : n)) : value))
  @Validate(SquadNames)
  names: string[];
}

export class SquadResponse implements SquadDto {
  @ApiProperty({ type: [String], items: name } as never) names: string[];
}

export class TeamSquadResponse extends SquadResponse implements TeamSquadDto {
  @ApiProperty({ description: "Whether the caller may change it: the team's admins only" }) editable: boolean;
}
