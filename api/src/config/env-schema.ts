// The environment variables the API reads: names, defaults and the checks that refuse a bad value at start.
import { BILLING_PROVIDERS, SIGNUP_PLANS, TRANSCRIBERS, WEB_CLIENT_ID } from '@touchline/shared';

/** Plans a new account may start on with billing off: any but Elite, whose sign-up would found a team of its own. */
const SIGNUP_START_PLANS = SIGNUP_PLANS.filter((p) => p !== 'Elite') as [string, ...string[]];
import { z } from 'zod';

export const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;

/**
 * Where the embedded PostgreSQL's binaries and clusters go when the API runs as root from a folder the `postgres`
 * user cannot enter (a clone in root's home): TOUCHLINE_POSTGRES_RUNTIME_DIR and TOUCHLINE_POSTGRES_CLUSTERS_DIR.
 */
export const ROOT_POSTGRES_DEFAULTS = { runtimeDir: '/var/cache/touchline', clustersDir: '/var/lib/touchline/clusters' } as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/**
 * `auto`: Whisper when it can be had (WHISPER_URL, or the sidecar `npm start` installs and reports in
 * TRANSCRIBER_STATE_FILE), otherwise pocketsphinx when it is installed, otherwise none.
 */
export const TRANSCRIBER_SETTINGS = ['auto', ...TRANSCRIBERS] as const;

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

/** A file or folder; a relative one is taken from the working directory. */
const fsPath = (name: string) => z.string().refine((v) => v.trim() !== '' && !v.includes('\0'), `${name} must be a path`);

/** A program: a name looked up on PATH, or a path to it. */
const program = (name: string) => z.string().regex(/^[^\s\0](.*[^\s\0])?$/, `${name} must be a program name or path`);

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
  TOUCHLINE_POSTGRES_RUNTIME_DIR: fsPath('TOUCHLINE_POSTGRES_RUNTIME_DIR').default(ROOT_POSTGRES_DEFAULTS.runtimeDir),
  TOUCHLINE_POSTGRES_CLUSTERS_DIR: fsPath('TOUCHLINE_POSTGRES_CLUSTERS_DIR').default(ROOT_POSTGRES_DEFAULTS.clustersDir),
  WORKER_HEARTBEAT_FILE: fsPath('WORKER_HEARTBEAT_FILE').optional(),
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
  TRANSCRIBER: z.enum(TRANSCRIBER_SETTINGS, { message: 'TRANSCRIBER must be auto, none, pocketsphinx, http or whisper' }).default('auto'),
  TRANSCRIBER_URL: url('TRANSCRIBER_URL').optional(),
  TRANSCRIBER_API_KEY: z.string().min(1).optional(),
  WHISPER_URL: url('WHISPER_URL').optional(),
  TRANSCRIBER_STATE_FILE: z.string().min(1).optional(),
  TRANSCRIBER_WAIT_MINUTES: positiveInt('TRANSCRIBER_WAIT_MINUTES').default(15),
  DEMO_PREPARE_AT_START: bool('DEMO_PREPARE_AT_START').default(true),
  TRANSCRIBER_MODEL: z.string().min(1).default('whisper-1'),
  TRANSCRIBER_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2}$/, 'TRANSCRIBER_LANGUAGE must be a two-letter language code')
    .default('en'),
  POCKETSPHINX_MODEL_DIR: z.string().min(1).default('/usr/share/pocketsphinx/model/en-us'),
  FFMPEG_PATH: program('FFMPEG_PATH').default('ffmpeg'),
  FFPROBE_PATH: program('FFPROBE_PATH').default('ffprobe'),
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
  SIGNUP_PLAN: z.enum(SIGNUP_START_PLANS, { message: `SIGNUP_PLAN must be one of ${SIGNUP_START_PLANS.join(', ')}` }).default('Free Trial'),
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

export const envSchema = envShape.superRefine((env, ctx) => {
  const require = (names: readonly (keyof typeof env)[], when: string) => {
    for (const name of names) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when ${when}` });
    }
  };
  if (env.IDENTITY_PROVIDER === 'keycloak') require(['KEYCLOAK_URL', 'KEYCLOAK_ADMIN_CLIENT_SECRET'], 'IDENTITY_PROVIDER=keycloak');
  if (env.STORAGE_DRIVER === 's3') require(['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'], 'STORAGE_DRIVER=s3');
  if (env.TRANSCRIBER === 'http') require(['TRANSCRIBER_URL'], 'TRANSCRIBER=http');
  if (env.TRANSCRIBER === 'whisper') require(['WHISPER_URL'], 'TRANSCRIBER=whisper (npm start sets it when it starts the Whisper sidecar)');
  if (env.BILLING_PROVIDER === 'stripe') require(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], 'BILLING_PROVIDER=stripe');
});
