import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('masks the tokens of review links, invitations and signed media URLs', () => {
    expect(redactUrl('/api/external-review/5b1f/AbC_-123?x=1')).toBe('/api/external-review/5b1f/[token]?x=1');
    expect(redactUrl('/api/external-review/5b1f/AbC_-123/comments')).toBe('/api/external-review/5b1f/[token]/comments');
    expect(redactUrl('/external-review/5b1f/AbC_-123')).toBe('/external-review/5b1f/[token]');
    expect(redactUrl('/api/invitations/AbC_-123/accept')).toBe('/api/invitations/[token]/accept');
    expect(redactUrl('/api/media/eyJrIjoi.c2ln')).toBe('/api/media/[token]');
  });

  it('masks the values of secret-bearing query parameters and keeps the rest', () => {
    expect(redactUrl('/api/sessions/events?access_token=eyJhbGci.x.y')).toBe('/api/sessions/events?access_token=[redacted]');
    expect(redactUrl('/idp/interaction/u1/verify?token=abc')).toBe('/idp/interaction/u1/verify?token=[redacted]');
    expect(redactUrl('/login?code=c0de&state=s7&iss=http%3A%2F%2Fx')).toBe('/login?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fx');
    expect(redactUrl('/recording?X-Amz-Credential=AK%2F1&X-Amz-Signature=ab12&X-Amz-Expires=900')).toBe(
      '/recording?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Expires=[redacted]',
    );
    expect(redactUrl('/idp/session/end?id_token_hint=eyJ&post_logout_redirect_uri=http%3A%2F%2Fx')).toBe(
      '/idp/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=http%3A%2F%2Fx',
    );
    expect(redactUrl('/api/sessions?page=2&search=tuesday')).toBe('/api/sessions?page=2&search=tuesday');
  });

  it('leaves paths without secrets alone', () => {
    expect(redactUrl('/api/sessions/5b1f')).toBe('/api/sessions/5b1f');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
