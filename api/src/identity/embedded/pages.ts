/**
 * The embedded provider's own pages, in the product's look (assets/idp/idp.css). Every value put into the
 * HTML passes through `escape`. No inline script or style, so the API's Content-Security-Policy holds.
 */

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageOptions {
  title: string;
  body: string;
  script?: string;
}

export function page({ title, body, script }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · Touchline</title>
<link rel="stylesheet" href="/idp/static/idp.css">
${script ? `<script src="/idp/static/${escape(script)}" defer></script>` : ''}
</head>
<body>
<main class="card">
<p class="brand"><span class="logo" aria-hidden="true">T</span>Touchline</p>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>`;
}

const alert = (message?: string) => (message ? `<p class="alert" role="alert">${escape(message)}</p>` : '');
const notice = (message?: string) => (message ? `<p class="notice" role="status">${escape(message)}</p>` : '');

export function loginPage(uid: string, options: { email?: string; error?: string; notice?: string; signupHref?: string; resetHref: string }): string {
  return page({
    title: 'Sign in',
    body: `${alert(options.error)}${notice(options.notice)}
<form method="post" action="/idp/interaction/${escape(uid)}/login" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escape(options.email ?? '')}" ${options.email ? '' : 'autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required ${options.email ? 'autofocus' : ''}>
  <button type="submit">Sign in</button>
</form>
<p class="links"><a href="${escape(options.resetHref)}">Forgot your password?</a></p>
${options.signupHref ? `<p class="links">New to Touchline? <a href="${escape(options.signupHref)}">Create an account</a></p>` : ''}
${cancelForm(uid)}`,
  });
}

export function registerPage(uid: string, options: { email?: string; error?: string }): string {
  return page({
    title: 'Create your account',
    body: `${alert(options.error)}
<form method="post" action="/idp/interaction/${escape(uid)}/register" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${escape(options.email ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="6" autofocus aria-describedby="password-hint">
  <p id="password-hint" class="hint">At least 6 characters.</p>
  <button type="submit">Create account</button>
</form>
<p class="links">Already have an account? <a href="/idp/interaction/${escape(uid)}?screen=login">Sign in</a></p>
${cancelForm(uid)}`,
  });
}

export function checkEmailPage(uid: string, email: string, options: { resent?: boolean; error?: string } = {}): string {
  return page({
    title: 'Verify your email',
    body: `${alert(options.error)}${notice(options.resent ? 'We sent a new link.' : undefined)}
${options.error ? `<p>Your account <strong>${escape(email)}</strong> needs a verified email address before you can sign in.</p>` : `<p>We sent a verification link to <strong>${escape(email)}</strong>. Open it on this device to finish signing in, or on any other device and sign in there.</p>`}
<p class="hint">The link is valid for 24 hours. No email? Check your spam folder, or send a new link.</p>
<form method="post" action="/idp/interaction/${escape(uid)}/resend"><button type="submit" class="secondary">Send a new link</button></form>
${cancelForm(uid)}`,
  });
}

export function verifiedPage(loginHref: string): string {
  return page({
    title: 'Email verified',
    body: `<p>Your email address is verified.</p><p><a class="button" href="${escape(loginHref)}">Continue to sign in</a></p>`,
  });
}

export function verificationFailedPage(loginHref: string): string {
  return page({
    title: 'Link not valid',
    body: `<p class="alert" role="alert">This verification link has expired or was already used.</p>
<p>Sign in to get a new link.</p><p><a class="button" href="${escape(loginHref)}">Sign in</a></p>`,
  });
}

export function updatePasswordPage(uid: string, options: { email: string; error?: string }): string {
  return page({
    title: 'Change your password',
    body: `${alert(options.error)}
<p class="hint">Signed in as <strong>${escape(options.email)}</strong>. Confirm your current password first.</p>
<form method="post" action="/idp/interaction/${escape(uid)}/update-password" novalidate>
  <input type="email" name="username" autocomplete="username" value="${escape(options.email)}" hidden>
  <label for="current-password">Current password</label>
  <input id="current-password" name="currentPassword" type="password" autocomplete="current-password" required autofocus>
  <label for="new-password">New password</label>
  <input id="new-password" name="newPassword" type="password" autocomplete="new-password" required minlength="6" aria-describedby="password-hint">
  <p id="password-hint" class="hint">At least 6 characters.</p>
  <button type="submit">Change password</button>
</form>
${cancelForm(uid)}`,
  });
}

export function errorPage(message: string, homeHref: string): string {
  return page({
    title: 'Something went wrong',
    body: `<p class="alert" role="alert">${escape(message)}</p><p><a class="button" href="${escape(homeHref)}">Back to Touchline</a></p>`,
  });
}

/** The provider's sign-out confirmation, submitted at once by logout.js; the button is the no-script fallback. */
export function logoutPage(form: string): string {
  return page({
    title: 'Signing out',
    script: 'logout.js',
    body: `${form}<p>Signing you out of Touchline…</p><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  });
}

export function loggedOutPage(homeHref: string): string {
  return page({ title: 'Signed out', body: `<p>You are signed out.</p><p><a class="button" href="${escape(homeHref)}">Back to Touchline</a></p>` });
}

function cancelForm(uid: string): string {
  return `<form method="post" action="/idp/interaction/${escape(uid)}/abort" class="cancel"><button type="submit" class="link">Cancel and go back</button></form>`;
}
