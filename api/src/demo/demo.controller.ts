import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ExternalReviewDto, ReviewCommentDto } from '@touchline/shared';
import { ApiErrors } from '../common';
import { ExternalReviewResponse, ReviewCommentResponse } from '../reviews';
import { MediaUrlResponse } from '../sessions';
import { DemoService } from './demo.service';

/** The built-in demo session behind `/demo` and `/pro-external-review-demo`: open to everyone, read-only. */
@ApiTags('demo')
@ApiErrors(503)
@Controller('demo')
export class DemoController {
  constructor(private readonly demo: DemoService) {}

  /** The demo session's report; the first request after a fresh start waits while the demo is made (seconds). */
  @Get('report')
  @ApiOkResponse({ type: ExternalReviewResponse })
  report(): Promise<ExternalReviewDto> {
    return this.demo.report();
  }

  @Get('media')
  @ApiOkResponse({ type: MediaUrlResponse })
  media(): Promise<{ url: string; expiresAt: string }> {
    return this.demo.mediaUrl();
  }

  /** The sample comments of the external review demo. */
  @Get('comments')
  @ApiOkResponse({ type: [ReviewCommentResponse] })
  comments(): ReviewCommentDto[] {
    return this.demo.comments();
  }
}
