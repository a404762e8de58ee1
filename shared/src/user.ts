import type { EliteRole, Plan, SignupPlan } from './enums';

/** The user record as the API returns it (docs/product-spec.md §3, with `identityId` in place of `firebaseUid`). */
export interface UserDto {
  id: string;
  identityId: string;
  username: string;
  email: string;
  plan: Plan;
  eliteRole: EliteRole | null;
  /**
   * With billing off, the plan the coach chose at sign-up and an installation admin has not yet answered; null when
   * there is none.
   */
  requestedPlan: SignupPlan | null;
  /** Something that happened to the account the coach has not yet seen (a team admin removed them, or changed their role). */
  notice: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The part of a user that access rules look at. */
export type AccessSubject = Pick<UserDto, 'plan' | 'eliteRole'>;

/** A coach's squad: the players' first names, one each (`GET`/`PUT /api/squad`). */
export interface SquadDto {
  names: string[];
}

export const SQUAD_LIMITS = { players: 60, nameLength: 40 } as const;

/** A first name: letters (any script), with inner spaces, hyphens or apostrophes ("Mary-Jo", "D'Arcy"). */
export const SQUAD_NAME_PATTERN = "^\\p{L}+(?:[ '’-]\\p{L}+)*$";

export const SQUAD_MESSAGES = {
  names: `names must be a list of at most ${SQUAD_LIMITS.players} first names`,
  name: `each name must be 1 to ${SQUAD_LIMITS.nameLength} letters, with spaces, hyphens or apostrophes only inside it`,
  duplicate: 'each name may appear once',
} as const;
