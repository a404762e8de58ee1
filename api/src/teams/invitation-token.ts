import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): the link in the invitation email. */
export function newInvitationToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

/** Only this digest is stored: a database leak yields no working invitation. */
export function hashInvitationToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
