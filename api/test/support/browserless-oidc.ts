import { createHash, randomBytes } from 'node:crypto';

/** A cookie jar keyed by name: enough for one provider on one host in a test. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A user agent that follows redirects by hand (keeping cookies) and can post forms. */
export class Agent {
  readonly jar = new CookieJar();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: this.jar.header() } });
    this.jar.store(response);
    return response;
  }

  /** GETs `url` and follows redirects until one leaves `stopAt` (a predicate on the next URL) or a page answers. */
  async follow(url: string, init: RequestInit = {}, stopAt: (next: string) => boolean = () => false): Promise<{ url: string; response: Response }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      const next = new URL(response.headers.get('location')!, current).toString();
      if (stopAt(next)) return { url: next, response };
      current = next;
      response = await this.request(current);
    }
    return { url: current, response };
  }

  /** POSTs a form; `headers` go with the POST only (e.g. X-Forwarded-For to speak from another address). */
  postForm(url: string, form: Record<string, string>, stopAt?: (next: string) => boolean, headers: Record<string, string> = {}) {
    return this.follow(
      url,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form).toString() },
      stopAt,
    );
  }
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function formAction(html: string, contains: string): string {
  const actions = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const action = actions.find((a) => a.includes(contains));
  if (!action) throw new Error(`no form with action containing "${contains}" in:\n${html.slice(0, 2000)}`);
  return action;
}

/** What a browser submits of a page's inputs untouched: hidden fields, and checkboxes only when checked. */
export function browserFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}(?:="([^"]*)")?`).exec(input);
    const type = attr('type')?.[1] ?? 'text';
    const name = attr('name')?.[1];
    if (!name) continue;
    if (type === 'hidden') fields[name] = attr('value')?.[1] ?? '';
    if (type === 'checkbox' && attr('checked')) fields[name] = attr('value')?.[1] ?? 'on';
  }
  return fields;
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
}
