import { describe, expect, it } from 'vitest';
import { hashReviewToken, newReviewToken, REVIEW_TOKEN_PATTERN, sameDigest } from './review-token';

describe('review link tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const { token, hash } = newReviewToken();
    expect(token).toMatch(REVIEW_TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toHaveLength(32);
    expect(sameDigest(hash, hashReviewToken(token))).toBe(true);
    expect(sameDigest(hash, hashReviewToken(newReviewToken().token))).toBe(false);
    expect(sameDigest(hash, hash.subarray(0, 16))).toBe(false);
  });
});
