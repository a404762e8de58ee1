// Checks infra/keycloak (realm file + login theme) against a real Keycloak started natively through
// infra/lib/keycloak.mjs. Plain Node (>= 20), no dependencies: `node infra/keycloak-check/check.mjs`.
// Exits 0 when every check passes, 1 otherwise; Keycloak is stopped in every case.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startKeycloak } from '../lib/keycloak.mjs';

const REALM = 'touchline';
const PUBLIC_URL = 'http://localhost:8080';
const REDIRECT_URI = `${PUBLIC_URL}/login`;
const ADMIN_SECRET = 'check-secret';
const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';

const results = [];
async function check(name, fn) {
  try {
    const detail = await fn();
    results.push({ name, ok: true });
    console.log(`ok     - ${name}${detail ? ` (${detail})` : ''}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`not ok - ${name}: ${error.message}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const b64url = (buf) => Buffer.from(buf).toString('base64url');
function pkce() {
  const verifier = b64url(randomBytes(48));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}
function decodeJwt(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}
const decodeHtml = (s) =>
  s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** A minimal cookie jar: name -> value, fed from Set-Cookie headers (path/domain ignored: one host). */
class Jar {
  cookies = new Map();
  store(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function request(jar, url, init = {}) {
  const headers = { ...(init.headers ?? {}) };
  if (jar && jar.cookies.size) headers.cookie = jar.header();
  const response = await fetch(url, { redirect: 'manual', ...init, headers });
  if (jar) jar.store(response);
  return response;
}

function authUrl(base, { redirectUri = REDIRECT_URI, challenge, state = 'x' } = {}) {
  const params = new URLSearchParams({ client_id: 'touchline-web', redirect_uri: redirectUri, response_type: 'code', scope: 'openid', state });
  if (challenge) {
    params.set('code_challenge', challenge);
    params.set('code_challenge_method', 'S256');
  }
  return `${base}/realms/${REALM}/protocol/openid-connect/auth?${params}`;
}

function formAction(html) {
  const match = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html) ?? /<form[^>]*action="([^"]+)"/.exec(html);
  assert(match, 'no login form action in the page');
  return decodeHtml(match[1]);
}

async function postLogin(jar, action, username, password) {
  return request(jar, action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, credentialId: '' }).toString(),
  });
}

/** A tiny SMTP sink on loopback: accepts every message and keeps the raw text (enough for Keycloak's mailer). */
function startSmtpSink() {
  const messages = [];
  const waiters = [];
  const server = createServer((socket) => {
    let buffer = '';
    let data = null;
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 touchline-check ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push(data);
          for (const w of waiters.splice(0)) w();
          data = null;
          reply('250 OK');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-touchline-check\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = '';
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: server.address().port,
        messages,
        async next(count, timeoutMs = 20_000) {
          const deadline = Date.now() + timeoutMs;
          while (messages.length < count && Date.now() < deadline) {
            await new Promise((r) => {
              waiters.push(r);
              setTimeout(r, 500);
            });
          }
          return messages[count - 1];
        },
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

/** Undoes quoted-printable soft breaks and =XX escapes (the mail's parts are QP-encoded). */
const decodeQp = (s) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-kc-check-'));
  let kc;
  const stop = async () => {
    if (!kc) return;
    const k = kc;
    kc = undefined;
    await Promise.race([k.stop(), new Promise((r) => setTimeout(r, 60_000))]);
  };
  const onSignal = async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const smtp = await startSmtpSink();
  const started = Date.now();
  try {
    kc = await startKeycloak({
      port: 18180,
      managementPort: 18190,
      dataDir,
      env: {
        KEYCLOAK_ADMIN_CLIENT_SECRET: ADMIN_SECRET,
        TOUCHLINE_PUBLIC_URL: PUBLIC_URL,
        // SMTP_HOST and SMTP_FROM_ADDRESS stay unset, so their ${VAR:default} defaults are exercised; the port is
        // the check's own SMTP sink, so the plain ${VAR} substitution is exercised too.
        SMTP_PORT: String(smtp.port),
      },
    });
    console.log(`Keycloak up at ${kc.url} after ${Math.round((Date.now() - started) / 1000)} s`);
    const base = kc.url;
    const realmUrl = `${base}/realms/${REALM}`;
    let oidc;

    await check('realm openid-configuration answers', async () => {
      const r = await fetch(`${realmUrl}/.well-known/openid-configuration`);
      assert(r.status === 200, `HTTP ${r.status}`);
      oidc = await r.json();
      assert(oidc.issuer === realmUrl, `issuer ${oidc.issuer}`);
      assert(oidc.code_challenge_methods_supported?.includes('S256'), 'S256 not supported');
      return `issuer ${oidc.issuer}`;
    });

    const loginJar = new Jar();
    let loginHtml = '';
    await check('login page for touchline-web is 200 HTML with the Touchline theme (css/custom.css)', async () => {
      const { challenge } = pkce();
      const r = await request(loginJar, authUrl(base, { challenge }));
      loginHtml = await r.text();
      assert(r.status === 200, `HTTP ${r.status}`);
      assert((r.headers.get('content-type') ?? '').includes('text/html'), `content-type ${r.headers.get('content-type')}`);
      const custom = /<link[^>]+href="([^"]*\/login\/touchline\/css\/custom\.css)"/.exec(loginHtml);
      assert(custom, 'no <link> to login/touchline/css/custom.css');
      assert(/<link[^>]+href="[^"]*\/css\/styles\.css"/.test(loginHtml), "keycloak.v2's css/styles.css is not linked");
      assert(/patternfly-v5\/patternfly\.min\.css/.test(loginHtml), 'PatternFly 5 (stylesCommon) is not linked');
      assert(/id="kc-header-wrapper"[^>]*>\s*Touchline\s*</.test(loginHtml), 'header does not say Touchline');
      assert(loginHtml.includes('Sign in to Touchline'), 'title "Sign in to Touchline" missing');
      const css = await fetch(new URL(decodeHtml(custom[1]), base));
      const cssText = await css.text();
      assert(css.status === 200 && cssText.includes('#0d9488'), `custom.css HTTP ${css.status}`);
      const parentCss = /<link[^>]+href="([^"]*\/css\/styles\.css)"/.exec(loginHtml)[1];
      const p = await fetch(new URL(decodeHtml(parentCss), base));
      assert(p.status === 200, `styles.css HTTP ${p.status}`);
      return 'custom.css and styles.css both served';
    });

    await check('registration page is reachable from the login page and uses the Touchline wording', async () => {
      // Its own browser session, so the login page kept above stays the current step of its flow.
      const jar = new Jar();
      const page = await (await request(jar, authUrl(base, { challenge: pkce().challenge }))).text();
      const link = /href="([^"]*\/login-actions\/registration[^"]*)"/.exec(page);
      assert(link, 'no registration link on the login page');
      const r = await request(jar, new URL(decodeHtml(link[1]), base).href);
      const html = await r.text();
      assert(r.status === 200, `HTTP ${r.status}`);
      assert(html.includes('Create your Touchline account'), 'registerTitle not used');
      assert(/\/login\/touchline\/css\/custom\.css/.test(html), 'custom.css not linked');
      const fields = [...html.matchAll(/<input\b[^>]*?\bname="([^"]+)"/g)].map((m) => m[1]);
      assert(fields.includes('email') && !fields.includes('username'), `email-as-username form expected, got ${fields}`);
      // Keycloak 26.7 with verifyEmail on: the password is chosen after the email link, not on this form.
      return `form fields: ${fields.join(', ')}`;
    });

    await check('a redirect_uri that is not registered is refused', async () => {
      const { challenge } = pkce();
      const r = await request(null, authUrl(base, { challenge, redirectUri: 'http://localhost:8080/elsewhere' }));
      const body = await r.text();
      assert(r.status === 400, `HTTP ${r.status}, location ${r.headers.get('location')}`);
      assert(!r.headers.get('location'), 'redirected anyway');
      assert(/redirect_uri/i.test(body), 'error page does not mention redirect_uri');
      return `HTTP ${r.status}`;
    });

    await check('an authorization request without PKCE is refused', async () => {
      const r = await request(null, authUrl(base, {}));
      await r.text();
      assert(r.status === 302 || r.status === 303, `HTTP ${r.status} (expected an error redirect)`);
      const location = new URL(r.headers.get('location'));
      assert(`${location.origin}${location.pathname}` === REDIRECT_URI, `redirect to ${location}`);
      assert(location.searchParams.get('error') === 'invalid_request', `error=${location.searchParams.get('error')}`);
      assert(!location.searchParams.get('code'), 'a code was issued');
      return `error=${location.searchParams.get('error')}: ${location.searchParams.get('error_description')}`;
    });

    let adminToken;
    await check('client-credentials grant for touchline-api-admin returns a token', async () => {
      const r = await fetch(`${realmUrl}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'touchline-api-admin', client_secret: ADMIN_SECRET }),
      });
      const body = await r.json();
      assert(r.status === 200 && body.access_token, `HTTP ${r.status} ${JSON.stringify(body)}`);
      adminToken = body.access_token;
      const roles = decodeJwt(adminToken).resource_access?.['realm-management']?.roles ?? [];
      return `realm-management roles in token: ${roles.sort().join(', ')}`;
    });

    await check('a wrong client secret is refused', async () => {
      const r = await fetch(`${realmUrl}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'touchline-api-admin', client_secret: 'wrong' }),
      });
      await r.text();
      assert(r.status === 401, `HTTP ${r.status}`);
      return `HTTP ${r.status}`;
    });

    const adminGet = (p) => fetch(`${base}/admin/realms/${REALM}${p}`, { headers: { authorization: `Bearer ${adminToken}` } });
    await check('service account may search users by email (GET /users?email=x&exact=true -> 200)', async () => {
      assert(adminToken, 'no token');
      const r = await adminGet('/users?email=x&exact=true');
      const body = await r.json();
      assert(r.status === 200 && Array.isArray(body), `HTTP ${r.status}`);
      return `HTTP ${r.status}`;
    });

    await check('service account may not list clients (GET /clients -> 403)', async () => {
      assert(adminToken, 'no token');
      const r = await adminGet('/clients');
      await r.text();
      assert(r.status === 403, `HTTP ${r.status}`);
      return `HTTP ${r.status}`;
    });

    await check('login form with an unknown email shows the invalid-credentials text', async () => {
      assert(loginHtml, 'no login page');
      const r = await postLogin(loginJar, formAction(loginHtml), 'nobody@example.com', 'whatever1');
      const html = await r.text();
      assert(r.status === 200, `HTTP ${r.status} location ${r.headers.get('location')}`);
      assert(html.includes(INVALID_CREDENTIALS), 'exact invalid-credential text not in the page');
      return `HTTP ${r.status}`;
    });

    // Beyond the brief's list: the API's two admin calls, then a full PKCE login to look inside the tokens.
    const email = `check-${Date.now()}@example.com`;
    const password = 'secret-123';
    let userId;
    await check('service account creates a user, finds it by email and sets its password (manage-users)', async () => {
      const auth = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
      const create = await fetch(`${base}/admin/realms/${REALM}/users`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ username: email, email, emailVerified: true, enabled: true, firstName: 'Check', lastName: 'User' }),
      });
      assert(create.status === 201, `create HTTP ${create.status} ${await create.text()}`);
      const found = await (await adminGet(`/users?email=${encodeURIComponent(email)}&exact=true`)).json();
      assert(found.length === 1 && found[0].email === email, `found ${JSON.stringify(found)}`);
      userId = found[0].id;
      const reset = await fetch(`${base}/admin/realms/${REALM}/users/${userId}/reset-password`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ type: 'password', value: password, temporary: false }),
      });
      assert(reset.status === 204, `reset-password HTTP ${reset.status} ${await reset.text()}`);
      const weak = await fetch(`${base}/admin/realms/${REALM}/users/${userId}/reset-password`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ type: 'password', value: '12345', temporary: false }),
      });
      const weakBody = await weak.text();
      assert(weak.status === 400, `5-character password accepted: HTTP ${weak.status}`);
      return `password policy rejects 5 characters: ${weakBody}`;
    });

    await check('a wrong password for an existing user reads the same as an unknown email', async () => {
      const jar = new Jar();
      const { challenge } = pkce();
      const page = await (await request(jar, authUrl(base, { challenge }))).text();
      const r = await postLogin(jar, formAction(page), email, 'wrong-password');
      const html = await r.text();
      assert(r.status === 200 && html.includes(INVALID_CREDENTIALS), `HTTP ${r.status}, text missing`);
    });

    const registrationForm = async (jar) => {
      const page = await (await request(jar, authUrl(base, { challenge: pkce().challenge }))).text();
      const link = /href="([^"]*\/login-actions\/registration[^"]*)"/.exec(page);
      assert(link, 'no registration link');
      const html = await (await request(jar, new URL(decodeHtml(link[1]), base).href)).text();
      const action = /<form[^>]*id="kc-register-form"[^>]*action="([^"]+)"/.exec(html);
      assert(action, 'no registration form');
      return decodeHtml(action[1]);
    };
    const postForm = (jar, action, fields) =>
      request(jar, action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

    await check('registration with a malformed email shows the invalid-email text', async () => {
      const jar = new Jar();
      const r = await postForm(jar, await registrationForm(jar), { email: 'not-an-email', firstName: 'A', lastName: 'B' });
      const html = await r.text();
      assert(r.status === 200 && html.includes('Invalid email address format.'), `HTTP ${r.status}, text missing`);
    });

    await check('registration with an email that already has an account shows the email-exists text', async () => {
      const jar = new Jar();
      const r = await postForm(jar, await registrationForm(jar), { email, firstName: 'A', lastName: 'B' });
      const html = await r.text();
      const text = 'An account with this email address already exists. Please use a different email or try logging in.';
      assert(r.status === 200 && html.includes(text), `HTTP ${r.status}, text missing`);
    });

    await check('registration sends a verification mail through the configured SMTP; the link leads to setting a password (min 6)', async () => {
      const jar = new Jar();
      const newEmail = `register-${Date.now()}@example.com`;
      const before = smtp.messages.length;
      let r = await postForm(jar, await registrationForm(jar), { email: newEmail, firstName: 'New', lastName: 'Coach' });
      let html = await r.text();
      for (let hops = 0; (r.status === 302 || r.status === 303) && hops < 5; hops++) {
        const next = new URL(r.headers.get('location'), base).href;
        assert(!next.startsWith(REDIRECT_URI), 'signed in before verifying the email');
        r = await request(jar, next);
        html = await r.text();
      }
      assert(r.status === 200, `register HTTP ${r.status}`);
      assert(html.includes(newEmail), 'the verify-email page does not name the address');
      assert(!html.includes('Failed to send email'), 'Keycloak could not send the verification mail');
      const mail = await smtp.next(before + 1);
      assert(mail, 'no mail reached the SMTP sink');
      const decoded = decodeQp(mail);
      assert(/^From:.*no-reply@touchline\.local/im.test(decoded) && /^From:.*Touchline/im.test(decoded), `From header: ${/^From:.*$/im.exec(decoded)?.[0]}`);
      assert(new RegExp(`^To:.*${newEmail.replace(/[.]/g, '\\.')}`, 'im').test(decoded), 'mail not addressed to the new user');
      const link = /(http:\/\/[^\s"<>]+\/login-actions\/action-token\?[^\s"<>]+)/.exec(decoded);
      assert(link, 'no action-token link in the mail');
      // The link in the mail is built from the request's host (hostname-strict=false): follow it as is.
      let res = await request(jar, decodeHtml(link[1]));
      let page = await res.text();
      for (let hops = 0; (res.status === 302 || res.status === 303) && hops < 5; hops++) {
        const next = new URL(res.headers.get('location'), base).href;
        assert(!next.startsWith(REDIRECT_URI), 'logged in without choosing a password');
        res = await request(jar, next);
        page = await res.text();
      }
      // An info page ("proceed") may come first, depending on the session state.
      const proceed = /href="([^"]*\/login-actions\/[^"]*)"[^>]*>[^<]*(?:Click here to proceed|proceed)/i.exec(page);
      if (!/kc-passwd-update-form/.test(page) && proceed) {
        res = await request(jar, new URL(decodeHtml(proceed[1]), base).href);
        page = await res.text();
      }
      const form = /<form[^>]*id="kc-passwd-update-form"[^>]*action="([^"]+)"/.exec(page);
      assert(form, `no set-password form after the email link (HTTP ${res.status}): ${page.replace(/\s+/g, ' ').slice(0, 400)}`);
      const weak = await postForm(jar, decodeHtml(form[1]), { 'password-new': '12345', 'password-confirm': '12345' });
      const weakHtml = await weak.text();
      assert(weak.status === 200 && weakHtml.includes('Password is too weak. Please use at least 6 characters.'), `weak password: HTTP ${weak.status}, text missing`);
      const form2 = /<form[^>]*id="kc-passwd-update-form"[^>]*action="([^"]+)"/.exec(weakHtml);
      const ok = await postForm(jar, decodeHtml(form2[1]), { 'password-new': 'secret-456', 'password-confirm': 'secret-456' });
      await ok.text();
      assert(ok.status === 302 && ok.headers.get('location').startsWith(`${REDIRECT_URI}?`), `HTTP ${ok.status} location ${ok.headers.get('location')}`);
      const found = await (await adminGet(`/users?email=${encodeURIComponent(newEmail)}&exact=true`)).json();
      assert(found.length === 1 && found[0].emailVerified === true, `user ${JSON.stringify(found)}`);
      await fetch(`${base}/admin/realms/${REALM}/users/${found[0].id}`, { method: 'DELETE', headers: { authorization: `Bearer ${adminToken}` } });
      return `mail subject: ${/^Subject:\s*(.*)$/im.exec(decoded)?.[1]}`;
    });

    await check('full PKCE login: access token has aud touchline-api, email, email_verified; ID token has no touchline-api aud', async () => {
      const jar = new Jar();
      const { verifier, challenge } = pkce();
      const page = await (await request(jar, authUrl(base, { challenge, state: 'full' }))).text();
      const r = await postLogin(jar, formAction(page), email, password);
      const body = await r.text();
      assert(r.status === 302, `HTTP ${r.status}: ${body.slice(0, 300)}`);
      const location = new URL(r.headers.get('location'));
      assert(`${location.origin}${location.pathname}` === REDIRECT_URI, `redirect to ${location}`);
      const code = location.searchParams.get('code');
      assert(code && location.searchParams.get('state') === 'full', `no code: ${location}`);
      const t = await fetch(`${realmUrl}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
        body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'touchline-web', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }),
      });
      const tokens = await t.json();
      assert(t.status === 200, `token HTTP ${t.status} ${JSON.stringify(tokens)}`);
      assert(t.headers.get('access-control-allow-origin') === PUBLIC_URL, `CORS origin ${t.headers.get('access-control-allow-origin')}`);
      const at = decodeJwt(tokens.access_token);
      const id = decodeJwt(tokens.id_token);
      const aud = [].concat(at.aud ?? []);
      assert(aud.includes('touchline-api'), `access aud ${JSON.stringify(at.aud)}`);
      assert(at.email === email, `access email ${at.email}`);
      assert(at.email_verified === true, `access email_verified ${at.email_verified}`);
      assert(at.azp === 'touchline-web', `azp ${at.azp}`);
      assert(at.exp - at.iat === 300, `lifespan ${at.exp - at.iat}`);
      assert(![].concat(id.aud ?? []).includes('touchline-api'), `id aud ${JSON.stringify(id.aud)}`);
      return `aud=${JSON.stringify(at.aud)} scope="${at.scope}" lifespan=${at.exp - at.iat}s`;
    });

    await check('the PKCE code cannot be redeemed with a wrong verifier', async () => {
      const jar = new Jar();
      const { challenge } = pkce();
      const page = await (await request(jar, authUrl(base, { challenge }))).text();
      const r = await postLogin(jar, formAction(page), email, password);
      await r.text();
      const code = new URL(r.headers.get('location')).searchParams.get('code');
      const t = await fetch(`${realmUrl}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'touchline-web', code, redirect_uri: REDIRECT_URI, code_verifier: pkce().verifier }),
      });
      const body = await t.json();
      assert(t.status === 400 && body.error === 'invalid_grant', `HTTP ${t.status} ${JSON.stringify(body)}`);
      return `${body.error}: ${body.error_description}`;
    });

    await check('realm settings as imported (read with the bootstrap admin): placeholders and defaults resolved', async () => {
      const t = await fetch(`${base}/realms/master/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: 'admin', password: 'admin' }),
      });
      const { access_token } = await t.json();
      assert(access_token, `master token HTTP ${t.status}`);
      const h = { authorization: `Bearer ${access_token}` };
      const realm = await (await fetch(`${base}/admin/realms/${REALM}`, { headers: h })).json();
      const expect = {
        registrationAllowed: true, registrationEmailAsUsername: true, loginWithEmailAllowed: true, duplicateEmailsAllowed: false,
        verifyEmail: true, resetPasswordAllowed: true, rememberMe: false, editUsernameAllowed: false,
        bruteForceProtected: true, permanentLockout: false, failureFactor: 5, waitIncrementSeconds: 60, maxFailureWaitSeconds: 900,
        quickLoginCheckMilliSeconds: 1000, minimumQuickLoginWaitSeconds: 60, maxDeltaTimeSeconds: 43200,
        passwordPolicy: 'length(6)', loginTheme: 'touchline', accessTokenLifespan: 300, ssoSessionIdleTimeout: 1800,
        ssoSessionMaxLifespan: 36000, internationalizationEnabled: false, defaultLocale: 'en',
      };
      const wrong = Object.entries(expect).filter(([k, v]) => realm[k] !== v).map(([k, v]) => `${k}=${realm[k]} (want ${v})`);
      const smtp = realm.smtpServer ?? {};
      const smtpWant = { host: '127.0.0.1', port: String(smtp.port), from: 'no-reply@touchline.local', fromDisplayName: 'Touchline', auth: 'false', ssl: 'false', starttls: 'false' };
      for (const [k, v] of Object.entries(smtpWant)) if (smtp[k] !== v) wrong.push(`smtpServer.${k}=${smtp[k]} (want ${v})`);
      const clients = await (await fetch(`${base}/admin/realms/${REALM}/clients?clientId=touchline-web`, { headers: h })).json();
      const web = clients[0];
      if (JSON.stringify(web.redirectUris.sort()) !== JSON.stringify([`${PUBLIC_URL}/login`, `${PUBLIC_URL}/silent-check-sso.html`]))
        wrong.push(`redirectUris=${JSON.stringify(web.redirectUris)}`);
      if (JSON.stringify(web.webOrigins) !== JSON.stringify([PUBLIC_URL])) wrong.push(`webOrigins=${JSON.stringify(web.webOrigins)}`);
      if (web.attributes['post.logout.redirect.uris'] !== `${PUBLIC_URL}/`) wrong.push(`post.logout.redirect.uris=${web.attributes['post.logout.redirect.uris']}`);
      const scopes = await (await fetch(`${base}/admin/realms/${REALM}/clients/${web.id}/default-client-scopes`, { headers: h })).json();
      const names = scopes.map((s) => s.name).sort();
      if (JSON.stringify(names) !== JSON.stringify(['acr', 'basic', 'email', 'profile', 'roles', 'web-origins'])) wrong.push(`default scopes ${names}`);
      const emailScope = (await (await fetch(`${base}/admin/realms/${REALM}/client-scopes`, { headers: h })).json()).find((s) => s.name === 'email');
      for (const m of emailScope.protocolMappers) if (m.config['access.token.claim'] !== 'true') wrong.push(`email scope mapper ${m.name} not in access token`);
      const sa = await (await fetch(`${base}/admin/realms/${REALM}/users?username=service-account-touchline-api-admin&exact=true`, { headers: h })).json();
      const mm = await (await fetch(`${base}/admin/realms/${REALM}/users/${sa[0].id}/role-mappings`, { headers: h })).json();
      const realmRoles = (mm.realmMappings ?? []).map((r) => r.name);
      const clientRoles = Object.fromEntries(Object.values(mm.clientMappings ?? {}).map((c) => [c.client, c.mappings.map((r) => r.name).sort()]));
      if (realmRoles.length) wrong.push(`service account realm roles ${realmRoles}`);
      if (JSON.stringify(clientRoles) !== JSON.stringify({ 'realm-management': ['manage-users', 'view-users'] }))
        wrong.push(`service account client roles ${JSON.stringify(clientRoles)}`);
      assert(!wrong.length, wrong.join('; '));
      return `smtp ${smtp.host}:${smtp.port} from ${smtp.from}; email scope mappers: ${emailScope.protocolMappers.map((m) => m.name).join(', ')}`;
    });

    if (userId) {
      await fetch(`${base}/admin/realms/${REALM}/users/${userId}`, { method: 'DELETE', headers: { authorization: `Bearer ${adminToken}` } });
    }

    // Anything Keycloak warned about besides the login events the checks above provoke on purpose and the
    // distribution's own deprecation notice (e.g. an unknown client scope or theme property in the realm file).
    const warnings = kc
      .output()
      .split('\n')
      .filter((l) => /\b(WARN|ERROR)\b/.test(l))
      .filter((l) => !/\[org\.keycloak\.events\]|\[org\.keycloak\.common\.Profile\]/.test(l))
      .filter((l) => !/Could not update password for user check-.*invalidPasswordMinLengthMessage/.test(l));
    console.log(warnings.length ? `Keycloak warnings:\n  ${warnings.join('\n  ')}` : 'Keycloak logged no other warnings or errors');
  } catch (error) {
    results.push({ name: 'startup', ok: false });
    console.log(`not ok - ${error.message}`);
  } finally {
    await stop();
    await smtp.close();
    console.log('Keycloak stopped');
    rmSync(dataDir, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed}/${results.length} checks passed`);
  process.exit(failed ? 1 : 0);
}

main();
