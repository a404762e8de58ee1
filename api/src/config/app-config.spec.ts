import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './app-config';

describe('configuration', () => {
  it('has defaults that run the embedded product on localhost:8080', () => {
    const config = loadConfig({}, '/srv/touchline');
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataDir: '/srv/touchline/.data',
      databaseUrl: undefined,
      logLevel: 'info',
      bodyLimit: '100kb',
      trustProxy: false,
    });
    expect(config.webRoot).toBe(path.resolve(__dirname, '../../../web/dist'));
  });

  it('reads overrides and treats empty values as unset', () => {
    const config = loadConfig(
      { PORT: '9000', DATA_DIR: '/var/lib/touchline', DATABASE_URL: 'postgres://u:p@db:5432/touchline', LOG_LEVEL: '', SERVE_WEB: 'false' },
      '/',
    );
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/lib/touchline',
      databaseUrl: 'postgres://u:p@db:5432/touchline',
      logLevel: 'info',
      webRoot: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ BODY_LIMIT: 'huge' }, 'BODY_LIMIT must be a size'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be true or false'],
    [{ EMBEDDED_POSTGRES_PORT: '-1' }, 'EMBEDDED_POSTGRES_PORT must be a whole number'],
  ])('stops on %o naming the variable', (env, message) => {
    expect(() => loadConfig(env, '/')).toThrow(message);
  });

  it('mails Contact requests to SUPPORT_EMAIL, else to the address the web app shows, else to the default', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'help@club.example', VITE_SUPPORT_EMAIL: 'web@club.example' }, '/').supportEmail).toBe('help@club.example');
    expect(loadConfig({ VITE_SUPPORT_EMAIL: 'web@club.example' }, '/').supportEmail).toBe('web@club.example');
    expect(loadConfig({}, '/').supportEmail).toBe('support@example.com');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody' }, '/')).toThrow('Invalid configuration: SUPPORT_EMAIL must be an email address');
  });

  it("answers help questions from search alone unless ASSISTANT_LLM_URL names the club's model", () => {
    expect(loadConfig({}, '/').assistant).toEqual({ llmUrl: undefined, model: 'llama3.2', apiKey: undefined, timeoutMs: 30_000 });
    expect(
      loadConfig({ ASSISTANT_LLM_URL: 'http://ollama:11434/', ASSISTANT_LLM_MODEL: 'qwen2.5:3b', ASSISTANT_LLM_TIMEOUT_SECONDS: '10' }, '/').assistant,
    ).toEqual({
      llmUrl: 'http://ollama:11434',
      model: 'qwen2.5:3b',
      apiKey: undefined,
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ ASSISTANT_LLM_URL: 'ollama:11434' }, '/')).toThrow('ASSISTANT_LLM_URL must be an http:// or https:// URL');
  });

  it('bills through Stripe only with its keys, named when missing', () => {
    expect(loadConfig({}, '/')).toMatchObject({ billingProvider: 'none', stripe: undefined });
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe' }, '/')).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY is required when BILLING_PROVIDER=stripe; STRIPE_WEBHOOK_SECRET is required when BILLING_PROVIDER=stripe',
    );
    expect(() => loadConfig({ BILLING_PROVIDER: 'paypal' }, '/')).toThrow('BILLING_PROVIDER must be none or stripe');
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }, '/')).toThrow(
      'STRIPE_SECRET_KEY must be a Stripe secret or restricted key',
    );
    expect(loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_2' }, '/').stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_2',
      apiUrl: undefined,
    });
  });

  it('runs ffmpeg and ffprobe from PATH unless FFMPEG_PATH and FFPROBE_PATH name them', () => {
    expect(loadConfig({}, '/').analysis).toMatchObject({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
    expect(loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe' }, '/').analysis).toMatchObject({
      ffmpegPath: '/opt/ffmpeg/bin/ffmpeg',
      ffprobePath: '/opt/ffmpeg/bin/ffprobe',
    });
    expect(() => loadConfig({ FFMPEG_PATH: ' ffmpeg' }, '/')).toThrow('Invalid configuration: FFMPEG_PATH must be a program name or path');
    expect(() => loadConfig({ FFPROBE_PATH: 'ffprobe ' }, '/')).toThrow('FFPROBE_PATH must be a program name or path');
  });

  it('looks for programs on the process PATH, whatever the settings given', () => {
    expect(loadConfig({}, '/', '/usr/local/bin:/usr/bin').analysis.searchPath).toBe('/usr/local/bin:/usr/bin');
    expect(loadConfig({ PATH: '/elsewhere' }, '/').analysis.searchPath).toBe(process.env.PATH ?? '');
  });

  it('keeps the worker heartbeat in the temporary folder unless WORKER_HEARTBEAT_FILE names a file, from the working directory', () => {
    expect(loadConfig({}, '/srv').workerHeartbeatFile).toBe(path.join(tmpdir(), 'touchline-worker.heartbeat'));
    expect(loadConfig({ WORKER_HEARTBEAT_FILE: 'run/worker.heartbeat' }, '/srv').workerHeartbeatFile).toBe('/srv/run/worker.heartbeat');
    expect(() => loadConfig({ WORKER_HEARTBEAT_FILE: '  ' }, '/')).toThrow('WORKER_HEARTBEAT_FILE must be a path');
  });

  it('runs the embedded PostgreSQL as root from /var/cache/touchline and /var/lib/touchline/clusters unless told otherwise', () => {
    expect(loadConfig({}, '/').rootPostgres).toEqual({ runtimeDir: '/var/cache/touchline', clustersDir: '/var/lib/touchline/clusters' });
    expect(loadConfig({ TOUCHLINE_POSTGRES_RUNTIME_DIR: '/srv/pg-runtime', TOUCHLINE_POSTGRES_CLUSTERS_DIR: 'clusters' }, '/srv').rootPostgres).toEqual({
      runtimeDir: '/srv/pg-runtime',
      clustersDir: '/srv/clusters',
    });
    expect(() => loadConfig({ TOUCHLINE_POSTGRES_CLUSTERS_DIR: 'a\0b' }, '/')).toThrow('TOUCHLINE_POSTGRES_CLUSTERS_DIR must be a path');
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' }, '/')).toThrow(/PORT.*; LOG_LEVEL/);
  });
});
