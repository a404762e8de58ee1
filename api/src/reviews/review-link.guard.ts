import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import { clientAddress, Errors } from '../common';
import { ReviewAccessService } from './review-access.service';
import type { ReviewLinkWithSecrets } from './review-link.entity';

/** The reviewer's password travels URI-encoded in this header on every request, so each route re-checks it. */
export const REVIEW_PASSWORD_HEADER = 'x-review-password';

type ReviewRequest = Request & { reviewLink?: ReviewLinkWithSecrets };

/**
 * Marks a route as one a review link opens: it checks the `:sessionId/:token` of the path (and the password)
 * and attaches the link. Routes without this guard never accept a link.
 */
@Injectable()
export class ReviewLinkGuard implements CanActivate {
  constructor(private readonly access: ReviewAccessService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ReviewRequest>();
    const { sessionId = '', token = '' } = request.params as Record<string, string | undefined>;
    request.reviewLink = await this.access.authorize({
      sessionId,
      token,
      password: decodePassword(request.headers[REVIEW_PASSWORD_HEADER]),
      address: clientAddress(request),
    });
    return true;
  }
}

function decodePassword(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/** The link a `ReviewLinkGuard` let through. */
export const CurrentReviewLink = createParamDecorator((_: unknown, context: ExecutionContext): ReviewLinkWithSecrets => {
  const link = context.switchToHttp().getRequest<ReviewRequest>().reviewLink;
  if (!link) throw Errors.reviewUnavailable();
  return link;
});
