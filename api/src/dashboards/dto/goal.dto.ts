import { ApiProperty, type OpenAPIObject } from '@nestjs/swagger';
import {
  FIGURE_INFO,
  GOAL_COMPARISONS,
  GOAL_FIGURES,
  GOAL_MESSAGES,
  GOAL_TARGET_MAX,
  type GoalComparison,
  type GoalFigure,
  type GoalInput,
} from '@touchline/shared';
import {
  IsIn,
  IsISO8601,
  IsNumber,
  Matches,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';

/**
 * A calendar day from 2000 to 2100 that exists (the validator's strict ISO 8601 refuses 2026-02-30), so that the
 * documented schema is as strict as the validator: 29 February only in a leap year (2100 is none).
 */
const CALENDAR_DAY =
  '^(?:(?:20\\d\\d|2100)-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))|20(?:[02468][048]|[13579][26])-02-29)$';

/** A target inside the range of its figure's unit: a share 0–1, seconds up to 4 h, a score 0–100. */
@ValidatorConstraint({ name: 'targetInRange' })
class TargetInRange implements ValidatorConstraintInterface {
  private max(args: ValidationArguments): number {
    const figure = (args.object as Partial<GoalBody>).figure;
    return figure && figure in FIGURE_INFO ? GOAL_TARGET_MAX[FIGURE_INFO[figure].unit] : GOAL_TARGET_MAX.seconds;
  }

  validate(value: unknown, args: ValidationArguments): boolean {
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= this.max(args);
  }

  defaultMessage(args: ValidationArguments): string {
    return GOAL_MESSAGES.targetOutOfRange(this.max(args));
  }
}

/** The body of `POST /api/dashboard/goals` and `PUT /api/dashboard/goals/:id`. */
export class GoalBody implements GoalInput {
  @ApiProperty({ enum: GOAL_FIGURES })
  @IsIn(GOAL_FIGURES, { message: `figure must be one of: ${GOAL_FIGURES.join(', ')}` })
  figure: GoalFigure;

  @ApiProperty({ enum: GOAL_COMPARISONS })
  @IsIn(GOAL_COMPARISONS, { message: `comparison must be one of: ${GOAL_COMPARISONS.join(', ')}` })
  comparison: GoalComparison;

  @ApiProperty({
    type: Number,
    minimum: 0,
    maximum: Math.max(...Object.values(GOAL_TARGET_MAX)),
    description: "In the figure's unit: a share as 0–1, seconds (up to 4 h), per minute (up to 60), or a 0–100 score",
  })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'target must be a number' })
  @Validate(TargetInRange)
  target: number;

  @ApiProperty({ pattern: CALENDAR_DAY, example: '2026-12-31', description: 'A calendar day, YYYY-MM-DD, from 2000 to 2100' })
  @Matches(/^(20\d\d|2100)-\d\d-\d\d$/, { message: 'targetDate must be a day from 2000 to 2100, written YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'targetDate must be a day from 2000 to 2100, written YYYY-MM-DD' })
  targetDate: string;
}

/** The name of the body's schema in the OpenAPI document. */
export const GOAL_BODY_SCHEMA = GoalBody.name;

/** The target's range depends on the figure's unit, which property decorators cannot say: one branch per unit. */
export function describeGoalTargets(document: OpenAPIObject): void {
  const schema = document.components?.schemas?.[GOAL_BODY_SCHEMA] as { anyOf?: object[] } | undefined;
  if (!schema) return;
  const units = [...new Set(GOAL_FIGURES.map((figure) => FIGURE_INFO[figure].unit))];
  schema.anyOf = units.map((unit) => ({
    properties: {
      figure: { enum: GOAL_FIGURES.filter((figure) => FIGURE_INFO[figure].unit === unit) },
      target: { maximum: GOAL_TARGET_MAX[unit] },
    },
  }));
}
