import { Inject, Injectable } from '@nestjs/common';
import type { IdentityClientConfig, SignupPlan, UserDto } from '@touchline/shared';
import { Errors } from '../common';
import { AppConfig } from '../config';
import { IDENTITY_PROVIDER, type IdentityProvider, type VerifiedIdentity } from '../identity';
import { type UserEntity, mapUser, UsersRepository, type NewUser } from '../users';
import type { LoginBody, RegisterBody } from './dto/auth.dto';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
  ) {}

  /** What the SPA needs to talk to the identity provider; public, and the same for everyone. */
  clientConfig(): IdentityClientConfig {
    return this.identity.clientConfig();
  }

  /**
   * POST /api/auth/login: the signed-in account's user record, with its email kept in step with the provider.
   * A verified account without one yet, whose sign-up left a username and plan at the provider, is registered
   * now: the verification link is often opened in another browser than the one that kept the pending data.
   */
  async login(identity: VerifiedIdentity, dto: LoginBody): Promise<UserDto> {
    assertSameAccount(identity, dto);
    const user = (await this.users.findByIdentityId(identity.subject)) ?? (await this.adoptOrphan(identity)) ?? (await this.registerFromProvider(identity));
    if (!user) throw (await this.users.findByEmail(identity.email ?? dto.email)) ? Errors.userExists() : Errors.userNotFound();
    if (identity.email && identity.emailVerified && identity.email !== user.email) {
      return mapUser(await this.users.updateEmail(user, identity.email));
    }
    return mapUser(user);
  }

  /** POST /api/auth/register: creates the user for a verified account, on the plan `startingPlan` decides. */
  async register(identity: VerifiedIdentity, dto: RegisterBody): Promise<UserDto> {
    assertSameAccount(identity, dto);
    if (!identity.emailVerified) throw Errors.emailNotVerified();
    const user = await this.users.create({
      identityId: identity.subject,
      username: dto.username,
      email: identity.email ?? dto.email,
      ...this.startingPlan(dto.plan),
    });
    if (!user) {
      const adopted = await this.adoptOrphan(identity);
      if (adopted) return mapUser(adopted);
      throw Errors.userExists();
    }
    return mapUser(user);
  }

  /**
   * A coach whose identity is gone at the provider (Keycloak's data lost, the account deleted there) who signs up
   * again with the same, verified email: the new identity takes over their user record, with its sessions, plan and
   * team. Never while the old identity still exists, so no one signs in to another person's record.
   */
  private async adoptOrphan(identity: VerifiedIdentity): Promise<UserEntity | null> {
    if (!identity.emailVerified || !identity.email) return null;
    const user = await this.users.findByEmail(identity.email);
    if (!user || user.identityId === identity.subject) return null;
    if (await this.identity.accountExists(user.identityId)) return null;
    return this.users.relinkIdentity(user, identity.subject);
  }

  /**
   * Nobody gives themselves a plan at sign-up. With Stripe billing a paid plan is bought through Checkout, so every
   * account starts on Free Trial. With billing off the club assigns plans: the account starts on its sign-up plan
   * (`SIGNUP_PLAN`, Free Trial unless set) and a different plan chosen on /signup is kept as a request that an
   * installation admin grants or declines.
   */
  private startingPlan(chosen: SignupPlan): Pick<NewUser, 'plan' | 'eliteRole' | 'requestedPlan'> {
    const plan = this.config.billingProvider === 'stripe' ? 'Free Trial' : this.config.signupPlan;
    const requestedPlan = this.config.billingProvider === 'none' && chosen !== plan && chosen !== 'Free Trial' ? chosen : null;
    return { plan, eliteRole: null, requestedPlan };
  }

  private async registerFromProvider(identity: VerifiedIdentity): Promise<UserEntity | null> {
    if (!identity.emailVerified || !identity.email) return null;
    const profile = await this.identity.signupProfile(identity.subject);
    if (!profile) return null;
    const created = await this.users.create({
      identityId: identity.subject,
      username: profile.username,
      email: identity.email,
      ...this.startingPlan(profile.plan),
    });
    // null: a parallel request registered it first (or the email belongs to another user).
    return created ?? this.users.findByIdentityId(identity.subject);
  }

  /** DELETE /api/auth/notice: the coach has read what changed about their account. */
  async dismissNotice(user: UserEntity): Promise<UserDto> {
    const fresh = await this.users.clearNotice(user.id);
    if (!fresh) throw Errors.userNotFound();
    return mapUser(fresh);
  }

  /** GET /api/auth/check: the caller's user record (see UsersRepository.findForRequest for how fresh). */
  async check(identity: VerifiedIdentity): Promise<UserDto> {
    const user = await this.users.findForRequest(identity.subject);
    if (!user) throw Errors.userNotFound();
    return mapUser(user);
  }
}

/** The body may not speak for another account than the token's. */
function assertSameAccount(identity: VerifiedIdentity, dto: LoginBody): void {
  if (dto.identityId !== identity.subject) throw Errors.identityMismatch();
  if (identity.email && dto.email.toLowerCase() !== identity.email.toLowerCase()) throw Errors.emailMismatch();
}
