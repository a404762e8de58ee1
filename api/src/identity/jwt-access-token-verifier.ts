import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { Errors } from '../common';
import type { VerifiedIdentity } from './identity-provider';

/** Signature algorithms accepted for access tokens; `none` and symmetric algorithms never are. */
const ALGORITHMS = ['RS256', 'PS256', 'ES256'];

/** Verifies JWT access tokens from one issuer for one audience (both identity adapters use it). */
export class JwtAccessTokenVerifier {
  constructor(
    private readonly keys: JWTVerifyGetKey,
    private readonly issuer: string,
    private readonly audience: string,
  ) {}

  async verify(token: string): Promise<VerifiedIdentity> {
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: this.issuer,
        audience: this.audience,
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: 5,
      });
      return {
        subject: payload.sub!,
        email: typeof payload.email === 'string' ? payload.email : null,
        emailVerified: payload.email_verified === true,
        expiresAt: new Date(payload.exp! * 1000),
      };
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message))) {
        throw Errors.identityUnavailable();
      }
      throw Errors.invalidToken();
    }
  }
}
