// `npm run keycloak` (infra/bin/keycloak.mjs): Keycloak on this machine for the product that `npm start` runs with
// IDENTITY_PROVIDER=keycloak. It reads the product's address and data folder from the same settings `npm start`
// gives the API (through the API's own loadConfig), keeps its server and accounts in a folder beside the product's
// data, and brings the kept realm up to this run's settings at every start: Keycloak imports the realm file only
// into an empty database.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { keycloakHome, startKeycloak } from './keycloak.js';
import { log, root } from './repo.js';

const require = createRequire(path.join(root, 'api/package.json'));

/** What this module uses of `@touchline/api/tooling` (api/src/tooling.ts): the API's reading of its settings. */
interface ApiTooling {
  loadConfig(env: Record<string, string | undefined>, cwd?: string): { publicUrl: string; dataDir: string };
}
const apiTooling = () => require('@touchline/api/tooling') as ApiTooling;

/** The README section the launcher's messages point to. */
export const KEYCLOAK_README_SECTION = 'Sign-in with Keycloak';

/** The realm file shared with docker-compose.yml and the tests. */
const REALM_FILE = path.join(root, 'infra/keycloak/realm-touchline.json');

export interface DevelopmentKeycloak {
  /** Keycloak's address as the product should be told it (KEYCLOAK_URL): on the product's host name. */
  url: string;
  /** The product's address, the only one the realm lets sign-ins return to. */
  productUrl: string;
  /** Keycloak's folder: its server and database. */
  folder: string;
  stop(): Promise<void>;
}

/**
 * Starts Keycloak as `npm run keycloak` does, with settings from `env` (the launcher's environment); `say` gets
 * every line it prints. Throws with a message for a person when a setting is missing or wrong.
 */
export async function startDevelopmentKeycloak(
  env: NodeJS.ProcessEnv,
  { say = log, defaultDataDir }: { say?: (line: string) => void; /** `npm start`'s data folder when DATA_DIR is unset. */ defaultDataDir?: string } = {},
): Promise<DevelopmentKeycloak> {
  const adminClientSecret = env.KEYCLOAK_ADMIN_CLIENT_SECRET;
  if (!adminClientSecret) {
    throw new Error(
      `set KEYCLOAK_ADMIN_CLIENT_SECRET, e.g. export KEYCLOAK_ADMIN_CLIENT_SECRET=$(openssl rand -base64 24), and give npm start the same value (see README, "${KEYCLOAK_README_SECTION}")`,
    );
  }
  // The product's address and data folder exactly as the API derives them (PUBLIC_URL, else http://localhost:$PORT).
  const product = apiTooling().loadConfig({ PORT: env.PORT, PUBLIC_URL: env.PUBLIC_URL, DATA_DIR: env.DATA_DIR || defaultDataDir }, process.cwd());
  const productUrl = product.publicUrl;
  const port = Number(env.KEYCLOAK_PORT || 8081);
  const managementPort = Number(env.KEYCLOAK_MANAGEMENT_PORT || 9001);
  const dataDir = path.resolve(env.KEYCLOAK_DATA_DIR || product.dataDir);
  const folder = keycloakHome(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const kept = existsSync(path.join(folder, 'data', 'h2'));

  // The master realm's first administrator is made once, with the database; its generated password is kept beside
  // it, so later starts can update the realm through the admin API.
  const passwordFile = path.join(folder, 'data', 'touchline-admin-password');
  const savedPassword = existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : undefined;
  const adminPassword = env.KC_BOOTSTRAP_ADMIN_PASSWORD || savedPassword || randomBytes(12).toString('base64url');

  const source = env.PUBLIC_URL ? 'PUBLIC_URL' : env.PORT ? `PORT=${env.PORT}, no PUBLIC_URL` : 'no PORT or PUBLIC_URL: the default';
  say(`the product's address is ${productUrl} (${source}, as npm start reads them): Keycloak lets sign-ins return there only`);
  say(
    kept
      ? `Keycloak's data: ${folder} (kept from the last run, accounts included)`
      : `Keycloak's data: ${folder} (new: an empty database and the realm from ${path.relative(root, REALM_FILE)})`,
  );

  const kcEnv = {
    KEYCLOAK_ADMIN_CLIENT_SECRET: adminClientSecret,
    KC_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
    TOUCHLINE_PUBLIC_URL: productUrl,
    SMTP_HOST: env.SMTP_HOST || '127.0.0.1',
    SMTP_PORT: env.SMTP_PORT || '1025',
  };
  const server = await startKeycloak({ port, managementPort, dataDir, env: kcEnv, progress: say });
  if (!env.KC_BOOTSTRAP_ADMIN_PASSWORD && !savedPassword && !kept) writeFileSync(passwordFile, `${adminPassword}\n`, { mode: 0o600 });

  try {
    const changed = await applyRealmSettings(server.url, adminPassword, { ...process.env, ...kcEnv });
    if (changed.length > 0) say(`the kept realm now has this run's settings: ${changed.join('; ')}`);
  } catch (error) {
    await server.stop();
    throw new Error(
      `Keycloak started, but its realm could not be brought up to this run's address and secret: ${(error as Error).message}. ` +
        `Set KC_BOOTSTRAP_ADMIN_PASSWORD to the master realm's "admin" password, or remove ${folder} to start afresh (its accounts go with it).`,
    );
  }

  // Keycloak listens on 127.0.0.1; a product on localhost gets it as localhost too, so both are one site to the
  // browser (Keycloak's session cookies work in the product's pages).
  const productHost = new URL(productUrl).hostname;
  const url = productHost === 'localhost' ? server.url.replace('127.0.0.1', 'localhost') : server.url;
  const productSettings = [env.PORT ? `PORT=${env.PORT}` : '', env.PUBLIC_URL ? `PUBLIC_URL=${productUrl}` : '', env.DATA_DIR ? `DATA_DIR=${env.DATA_DIR}` : '']
    .filter(Boolean)
    .join(' ');
  say(`Keycloak is ready: ${url}`);
  say(
    `  admin console: ${url}/admin (user "admin", ${env.KC_BOOTSTRAP_ADMIN_PASSWORD ? 'the password in KC_BOOTSTRAP_ADMIN_PASSWORD' : `password ${adminPassword}`})`,
  );
  say(`  sign-ins return only to the product at ${productUrl}: start it with the same PORT and PUBLIC_URL`);
  say(`  data: ${folder} (kept across restarts; remove it to start with no accounts)`);
  say(`  start the product in another shell, with the same KEYCLOAK_ADMIN_CLIENT_SECRET:`);
  say(`    ${productSettings ? `${productSettings} ` : ''}IDENTITY_PROVIDER=keycloak KEYCLOAK_URL=${url} npm start`);
  say(`  Ctrl-C stops Keycloak`);
  return { url, productUrl, folder, stop: () => server.stop() };
}

/** A value of the realm file with Keycloak's import placeholders (`${NAME}`, `${NAME:default}`) filled in from `env`. */
export function resolvePlaceholders<T>(value: T, env: Record<string, string | undefined>): T {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([^}]*))?\}/g, (whole, name: string, fallback?: string) => env[name] || fallback || whole) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => resolvePlaceholders(item, env)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolvePlaceholders(item, env)])) as T;
  }
  return value;
}

/** The fields of an object that hold a placeholder anywhere inside them (nested objects narrowed the same way). */
export function placeholderFields(value: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const inner = placeholderFields(item as Record<string, unknown>);
      if (Object.keys(inner).length > 0) fields[key] = inner;
    } else if (JSON.stringify(item).includes('${')) {
      fields[key] = item;
    }
  }
  return fields;
}

/** `wanted`'s fields over `current` (nested objects merged, everything else replaced). */
function merge(current: Record<string, unknown>, wanted: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, item] of Object.entries(wanted)) {
    const before = current[key];
    merged[key] =
      item && typeof item === 'object' && !Array.isArray(item) && before && typeof before === 'object'
        ? merge(before as Record<string, unknown>, item as Record<string, unknown>)
        : item;
  }
  return merged;
}

/** Compares as Keycloak keeps them: lists of addresses are sets. */
function same(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical).sort()
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([x], [y]) => x.localeCompare(y))
              .map(([k, item]) => [k, canonical(item)]),
          )
        : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/**
 * The realm's own settings that the product's pages and emails depend on, brought to a kept realm at every start: its
 * login and email themes, and its attributes (the verification link's 24-hour lifespan). Other realm settings (the
 * mail server, brute-force detection) stay as the realm's administrator left them.
 */
const PRODUCT_REALM_SETTINGS = ['loginTheme', 'emailTheme', 'attributes'] as const;

/**
 * Brings a running realm's clients up to the realm file's values that come from the environment (the product's
 * address in touchline-web, the admin client's secret), as an import with `env` would set them, and the realm to the
 * file's PRODUCT_REALM_SETTINGS. Keycloak imports the file only into an empty database, so a kept realm would
 * otherwise keep the first run's values. Signs in as the master realm's "admin"; answers what changed, as
 * "client: fields" (and "realm: fields").
 */
export async function applyRealmSettings(url: string, adminPassword: string, env: Record<string, string | undefined>): Promise<string[]> {
  const file = JSON.parse(readFileSync(REALM_FILE, 'utf8')) as { realm: string; clients: Record<string, unknown>[] } & Record<string, unknown>;
  const tokenResponse = await fetch(`${url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: 'admin', password: adminPassword }),
  });
  if (!tokenResponse.ok) throw new Error(`the master realm refused its "admin" (HTTP ${tokenResponse.status})`);
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const admin = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${url}/admin/realms/${file.realm}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${pathname}: HTTP ${res.status} ${await res.text()}`);
    return res;
  };

  const changed: string[] = [];
  const realmNow = (await (await admin('GET', '')).json()) as Record<string, unknown>;
  const realmWanted = Object.fromEntries(PRODUCT_REALM_SETTINGS.filter((key) => file[key] !== undefined).map((key) => [key, file[key]]));
  const realmUpdated = merge(realmNow, realmWanted);
  const realmDiffering = Object.keys(realmWanted).filter((key) => !same(realmNow[key], realmUpdated[key]));
  if (realmDiffering.length > 0) {
    // Only these fields: Keycloak leaves a field the representation does not carry as it is, and sets each attribute given.
    await admin('PUT', '', Object.fromEntries(realmDiffering.map((key) => [key, realmUpdated[key]])));
    changed.push(`realm: ${realmDiffering.join(', ')}`);
  }
  for (const client of file.clients) {
    const wanted = resolvePlaceholders(placeholderFields(client), env);
    if (Object.keys(wanted).length === 0) continue;
    const clientId = String(client.clientId);
    const [current] = (await (await admin('GET', `/clients?clientId=${encodeURIComponent(clientId)}`)).json()) as Record<string, unknown>[];
    if (!current) throw new Error(`the realm has no client ${clientId}`);
    const updated = merge(current, wanted);
    const differing = Object.keys(wanted).filter((key) => !same(current[key], updated[key]));
    if (differing.length === 0) continue;
    await admin('PUT', `/clients/${String(current.id)}`, updated);
    changed.push(`${clientId}: ${differing.join(', ')}`);
  }
  return changed;
}
