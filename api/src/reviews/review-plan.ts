import { REVIEW_PLANS } from '@touchline/shared';
import type { UserEntity } from '../users/user.entity';

/** Whether the coach's plan includes sharing sessions for external review (the catalogue's `externalReview`). */
export function canShareForReview(user: Pick<UserEntity, 'plan'>): boolean {
  return (REVIEW_PLANS as readonly string[]).includes(user.plan);
}
