import * as path from 'node:path';
import { BILLING_PROVIDERS, TRANSCRIBERS, WEB_CLIENT_ID, type BillingProvider } from '@touchline/shared';
import { z } from 'zod';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** `auto`: pocketsphinx when it is installed, otherwise none. */
const TRANSCRIBER_SETTINGS = ['auto', ...TRANSCRIBERS] as const;

const port = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number from 0 to 65535`)
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, `${name} must be a whole number from 0 to 65535`);

const url = (name: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, `${name} must be an http:// or https:// URL`)
    .transform((v) => v.replace(/\/+$/, ''));

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^[1-9]\d*$/, `${name} must be a whole number above 0`)
    .transform(Number)
    .refine(Number.isSafeInteger, `${name} is too large`);

const bool = (name: string) => z.enum(['true', 'false'], { message: `${name} must be true or false` }).transform((v) => v === 'true');

const envShape = z.object({
  HOST: z.string().min(1, 'HOST must not be empty').default('127.0.0.1'),
  PORT: port('PORT').default(8080),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  EMBEDDED_POSTGRES_PORT: port('EMBEDDED_POSTGRES_PORT').default(0),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'BODY_LIMIT must be a size such as 100kb or 1mb')
    .default('100kb'),
  SERVE_WEB: z
    .enum(['true', 'false'], { message: 'SERVE_WEB must be true or false' })
    .transform((v) => v === 'true')
    .default(true),
  WEB_ROOT: z.string().optional(),
  TRUST_PROXY: bool('TRUST_PROXY').default(false),
  PUBLIC_URL: url('PUBLIC_URL').optional(),
  SELF_REGISTRATION: bool('SELF_REGISTRATION').default(true),
  USER_CACHE_SECONDS: z
    .string()
    .regex(/^\d{1,2}$/, 'USER_CACHE_SECONDS must be a whole number from 0 to 99')
    .transform(Number)
    .default(5),
  INVITATION_EXPIRY_DAYS: z
    .string()
    .regex(/^(?:[1-9]|[1-8]\d|90)$/, 'INVITATION_EXPIRY_DAYS must be a whole number from 1 to 90')
    .transform(Number)
    .default(7),
  LOGIN_FAILURE_FACTOR: positiveInt('LOGIN_FAILURE_FACTOR').default(5),
  LOGIN_WAIT_INCREMENT_SECONDS: positiveInt('LOGIN_WAIT_INCREMENT_SECONDS').default(60),
  LOGIN_MAX_WAIT_SECONDS: positiveInt('LOGIN_MAX_WAIT_SECONDS').default(900),
  LOGIN_ADDRESS_MAX_FAILURES: positiveInt('LOGIN_ADDRESS_MAX_FAILURES').default(30),
  IDENTITY_PROVIDER: z.enum(['embedded', 'keycloak'], { message: 'IDENTITY_PROVIDER must be embedded or keycloak' }).default('embedded'),
  KEYCLOAK_URL: url('KEYCLOAK_URL').optional(),
  KEYCLOAK_INTERNAL_URL: url('KEYCLOAK_INTERNAL_URL').optional(),
  KEYCLOAK_REALM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'KEYCLOAK_REALM must be a realm name')
    .default('touchline'),
  KEYCLOAK_CLIENT_ID: z.string().min(1).default(WEB_CLIENT_ID),
  KEYCLOAK_API_AUDIENCE: z.string().min(1).default('touchline-api'),
  KEYCLOAK_ADMIN_CLIENT_ID: z.string().min(1).default('touchline-api-admin'),
  KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_PORT: port('SMTP_PORT').default(1025),
  SMTP_SECURE: bool('SMTP_SECURE').default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Touchline <no-reply@touchline.local>'),
  SUPPORT_EMAIL: z.string().regex(EMAIL, 'SUPPORT_EMAIL must be an email address').optional(),
  ASSISTANT_LLM_URL: url('ASSISTANT_LLM_URL').optional(),
  ASSISTANT_LLM_MODEL: z.string().min(1).default('llama3.2'),
  ASSISTANT_LLM_API_KEY: z.string().min(1).optional(),
  ASSISTANT_LLM_TIMEOUT_SECONDS: positiveInt('ASSISTANT_LLM_TIMEOUT_SECONDS').default(30),
  STORAGE_DRIVER: z.enum(['filesystem', 's3'], { message: 'STORAGE_DRIVER must be filesystem or s3' }).default('filesystem'),
  S3_ENDPOINT: url('S3_ENDPOINT').optional(),
  S3_PUBLIC_ENDPOINT: url('S3_PUBLIC_ENDPOINT').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)')
    .default('touchline-media'),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  MAX_UPLOAD_BYTES: positiveInt('MAX_UPLOAD_BYTES').default(10 * 1024 ** 3),
  UPLOAD_EXPIRY_HOURS: positiveInt('UPLOAD_EXPIRY_HOURS').default(24),
  MEDIA_URL_TTL_SECONDS: positiveInt('MEDIA_URL_TTL_SECONDS').default(900),
  BACKGROUND_JOBS: bool('BACKGROUND_JOBS').default(true),
  MAX_RECORDING_MINUTES: positiveInt('MAX_RECORDING_MINUTES').default(240),
  TRANSCRIBER: z.enum(TRANSCRIBER_SETTINGS, { message: 'TRANSCRIBER must be auto, none, pocketsphinx or http' }).default('auto'),
  TRANSCRIBER_URL: url('TRANSCRIBER_URL').optional(),
  TRANSCRIBER_API_KEY: z.string().min(1).optional(),
  TRANSCRIBER_MODEL: z.string().min(1).default('whisper-1'),
  TRANSCRIBER_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2}$/, 'TRANSCRIBER_LANGUAGE must be a two-letter language code')
    .default('en'),
  POCKETSPHINX_MODEL_DIR: z.string().min(1).default('/usr/share/pocketsphinx/model/en-us'),
  PLANS_FILE: z.string().min(1).optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((e) => /^[^\s@]+@[^\s@]+$/.test(e)), 'ADMIN_EMAILS must be email addresses separated by commas')
    .default([]),
  BILLING_PROVIDER: z.enum(BILLING_PROVIDERS, { message: 'BILLING_PROVIDER must be none or stripe' }).default('none'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(live|test)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: url('STRIPE_API_URL').optional(),
});

/** Every environment variable the API reads. */
export const CONFIG_VARIABLES = Object.keys(envShape.shape);

const envSchema = envShape.superRefine((env, ctx) => {
  const require = (names: readonly (keyof typeof env)[], when: string) => {
    for (const name of names) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when ${when}` });
    }
  };
  if (env.IDENTITY_PROVIDER === 'keycloak') require(['KEYCLOAK_URL', 'KEYCLOAK_ADMIN_CLIENT_SECRET'], 'IDENTITY_PROVIDER=keycloak');
  if (env.STORAGE_DRIVER === 's3') require(['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'], 'STORAGE_DRIVER=s3');
  if (env.TRANSCRIBER === 'http') require(['TRANSCRIBER_URL'], 'TRANSCRIBER=http');
  if (env.BILLING_PROVIDER === 'stripe') require(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], 'BILLING_PROVIDER=stripe');
});

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
  /** `auto`: pocketsphinx when it is installed, otherwise none. */
  transcriber: (typeof TRANSCRIBER_SETTINGS)[number];
  /** The OpenAI-compatible service's base URL; set exactly when the transcriber is `http`. */
  url: string | undefined;
  apiKey: string | undefined;
  model: string;
  language: string;
  pocketsphinxModelDir: string;
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
  readonly analysis: AnalysisSettings;
  /** The plan catalogue file (YAML), checked at start. */
  readonly plansFile: string;
  /** Lower-cased emails of the installation admins, who assign plans; empty: nobody may, through the API. */
  readonly adminEmails: string[];
  /** `none`: plans are assigned by installation admins and nothing is charged; `stripe`: coaches subscribe. */
  readonly billingProvider: BillingProvider;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
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
    analysis: {
      maxRecordingMinutes: e.MAX_RECORDING_MINUTES,
      transcriber: e.TRANSCRIBER,
      url: e.TRANSCRIBER === 'http' ? e.TRANSCRIBER_URL : undefined,
      apiKey: e.TRANSCRIBER_API_KEY,
      model: e.TRANSCRIBER_MODEL,
      language: e.TRANSCRIBER_LANGUAGE,
      pocketsphinxModelDir: e.POCKETSPHINX_MODEL_DIR,
    },
    plansFile: e.PLANS_FILE ? path.resolve(cwd, e.PLANS_FILE) : DEFAULT_PLANS_FILE,
    adminEmails: e.ADMIN_EMAILS,
    billingProvider: e.BILLING_PROVIDER,
    stripe:
      e.BILLING_PROVIDER === 'stripe' ? { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL } : undefined,
  });
}
