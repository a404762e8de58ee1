/**
 * A request path as the log keeps it. The log is read by more people than the secrets in URLs were given to, so
 * every part of a URL that grants access on its own is masked before it is written:
 * - path tokens: review links (`/external-review/{session}/{token}`), invitations (`/invitations/{token}`) and the
 *   filesystem store's signed media URLs (`/media/{payload}.{signature}`);
 * - query values whose name says they carry a secret: OAuth's `code`, `state` and tokens (`?access_token=` on an
 *   event stream), the email verification link's `token`, S3 presigned URLs' `X-Amz-*` signatures, and the like.
 * Names stay, so an operator still sees which route was asked and with which kind of parameter.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/(\/external-review\/[^/?#]*\/)[^/?#]+/, '$1[token]'],
  [/(\/api\/invitations\/)[^/?#]+/, '$1[token]'],
  [/(\/api\/media\/)[^/?#]+/, '$1[token]'],
];

const SECRET_QUERY_NAME = /token|code|secret|password|signature|^sig$|credential|key|state|nonce|verifier|hint|^x-amz-/i;

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape: the name is judged as it came.
      }
      return eq !== -1 && SECRET_QUERY_NAME.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
