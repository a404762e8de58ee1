import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ELITE_ROLES, PLANS, SIGNUP_PLANS, type EliteRole, type Plan, type SignupPlan, type UserDto } from '@touchline/shared';

/** The user record the auth endpoints answer with. */
export class UserResponse implements UserDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: "The identity provider's subject of the account" })
  identityId: string;

  @ApiProperty()
  username: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ enum: PLANS })
  plan: Plan;

  @ApiProperty({ enum: ELITE_ROLES, nullable: true, type: String })
  eliteRole: EliteRole | null;

  @ApiProperty({
    enum: SIGNUP_PLANS,
    nullable: true,
    type: String,
    description: 'With billing off: the plan chosen at sign-up, until an installation admin grants or declines it',
  })
  requestedPlan: SignupPlan | null;

  @ApiProperty({ type: String, nullable: true, description: 'What changed about the account that the coach has not yet dismissed' })
  notice: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

/** Where the web app signs in: the embedded provider's issuer, or a Keycloak realm. */
export class IdentityClientConfigResponse {
  @ApiProperty({ enum: ['embedded', 'keycloak'] })
  provider: 'embedded' | 'keycloak';

  @ApiProperty({ description: "The web app's public client" })
  clientId: string;

  @ApiPropertyOptional({ description: 'embedded: the issuer URL' })
  issuer?: string;

  @ApiPropertyOptional({ description: "keycloak: Keycloak's address as browsers see it" })
  url?: string;

  @ApiPropertyOptional({ description: 'keycloak: the realm' })
  realm?: string;
}

/** An answer that only tells the person something. */
export class MessageResponse {
  @ApiProperty()
  message: string;
}
