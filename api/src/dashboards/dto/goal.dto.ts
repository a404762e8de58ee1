import { ApiProperty } from '@nestjs/swagger';
import { FIGURE_INFO, GOAL_COMPARISONS, GOAL_FIGURES, GOAL_MESSAGES, GOAL_TARGET_MAX, type GoalComparison, type GoalFigure, type GoalInput } from '@touchline/shared';
import { IsIn, IsISO8601, IsNumber, Matches, Validate, ValidatorConstraint, type ValidationArguments, type ValidatorConstraintInterface } from 'class-validator';

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

  @ApiProperty({ description: "In the figure's unit: a share as 0–1, seconds, per minute, or a 0–100 score" })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'target must be a number' })
  @Validate(TargetInRange)
  target: number;

  @ApiProperty({ example: '2026-12-31', description: 'A calendar day, YYYY-MM-DD, from 2000 to 2100' })
  @Matches(/^(20\d\d|2100)-\d\d-\d\d$/, { message: 'targetDate must be a day from 2000 to 2100, written YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'targetDate must be a day from 2000 to 2100, written YYYY-MM-DD' })
  targetDate: string;
}
