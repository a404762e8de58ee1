import * as path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number from 0 to 65535`)
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, `${name} must be a whole number from 0 to 65535`);

const envSchema = z.object({
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
  TRUST_PROXY: z
    .enum(['true', 'false'], { message: 'TRUST_PROXY must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
});

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

  constructor(values: AppConfigValues) {
    Object.assign(this, values);
  }
}

export type AppConfigValues = { [K in keyof AppConfig]: AppConfig[K] };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

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
  });
}
