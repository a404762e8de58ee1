import type { EliteRole, Plan } from './enums';

/** The user record as the API returns it (docs/product-spec.md §3, with `identityId` in place of `firebaseUid`). */
export interface UserDto {
  id: string;
  identityId: string;
  username: string;
  email: string;
  plan: Plan;
  eliteRole: EliteRole | null;
  createdAt: string;
  updatedAt: string;
}

/** The part of a user that access rules look at. */
export type AccessSubject = Pick<UserDto, 'plan' | 'eliteRole'>;
