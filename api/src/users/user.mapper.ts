import type { UserDto } from '@touchline/shared';
import type { UserEntity } from './user.entity';

/** The only way a user leaves the API. */
export function mapUser(user: UserEntity): UserDto {
  return {
    id: user.id,
    identityId: user.identityId,
    username: user.username,
    email: user.email,
    plan: user.plan,
    eliteRole: user.eliteRole,
    requestedPlan: user.requestedPlan,
    notice: user.notice,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
