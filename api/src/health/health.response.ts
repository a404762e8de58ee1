import { ApiProperty } from '@nestjs/swagger';

class IndicatorState {
  @ApiProperty({ enum: ['up', 'down'] })
  status: 'up' | 'down';
}

class Indicators {
  @ApiProperty({ type: IndicatorState })
  database: IndicatorState;
}

/** @nestjs/terminus's answer when every check passed. */
export class HealthResponse {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';

  @ApiProperty({ type: Indicators })
  info: Indicators;

  @ApiProperty({ type: 'object', additionalProperties: true })
  error: Record<string, unknown>;

  @ApiProperty({ type: Indicators })
  details: Indicators;
}
