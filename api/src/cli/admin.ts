/**
 * The installation admin's command line: `npm run admin -- set-plan <email> <plan>`, and the sign-up plan requests
 * (`requests`, `decline <email>`; granting one is `set-plan`).
 *
 * It works on the database directly, with the same statement as the admin API, so a club can give the first plans
 * before anyone is listed in ADMIN_EMAILS. With DATABASE_URL unset it uses the embedded PostgreSQL under DATA_DIR:
 * the running product's when it runs (the cluster's lock file names its port), otherwise it starts it for the
 * moment. Signed-in coaches see the change at once (the database announces it to their live stream).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { SIGNUP_PLANS, TEAM_MESSAGES, type SignupPlan } from '@touchline/shared';
import { Client } from 'pg';
import { type AppConfig, loadConfig } from '../config';
import { startEmbeddedPostgres, isLastTeamAdmin, clusterDirFor } from '../database';
import { isAlive } from '../common';
import { ASSIGN_PLAN_SQL, DECLINE_PLAN_REQUEST_SQL, PLAN_REQUESTS_SQL, type AssignedPlan, type PlanRequestRow } from '../users';

const USAGE = [
  'Usage: npm run admin -- <command>',
  '  set-plan <email> <plan>   give a coach a plan (this also grants their sign-up request)',
  '  requests                  list the plans coaches asked for at sign-up',
  "  decline <email>           answer a coach's sign-up request with no",
  `  plan: one of ${SIGNUP_PLANS.map((p) => `"${p}"`).join(', ')}`,
].join('\n');

class UsageError extends Error {}

/** The running embedded cluster's address, or null when it is not running. */
async function runningEmbedded({ dataDir, rootPostgres }: AppConfig): Promise<string | null> {
  const pidFile = path.join(await clusterDirFor(dataDir, rootPostgres.clustersDir), 'postmaster.pid');
  const secretsFile = path.join(dataDir, 'postgres-secrets.json');
  if (!existsSync(pidFile) || !existsSync(secretsFile)) return null;
  // postmaster.pid: pid, data directory, start time, port, … (PostgreSQL's own layout).
  const [pid, , , port] = (await readFile(pidFile, 'utf8')).split('\n');
  if (!isAlive(Number(pid)) || !/^\d+$/.test(port ?? '')) return null;
  const { password } = JSON.parse(await readFile(secretsFile, 'utf8')) as { password: string };
  return `postgres://touchline:${encodeURIComponent(password)}@127.0.0.1:${port}/touchline`;
}

async function withDatabase<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const config = loadConfig();
  let url = config.databaseUrl ?? (await runningEmbedded(config));
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const db = await startEmbeddedPostgres(config.dataDir, { rootPostgres: config.rootPostgres });
    url = db.url;
    stop = db.stop;
  }
  const client = new Client({ connectionString: url, application_name: 'touchline-admin' });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
    await stop?.();
  }
}

async function setPlan(email: string | undefined, plan: string | undefined): Promise<string> {
  if (!email || !plan) throw new UsageError(USAGE);
  if (!(SIGNUP_PLANS as readonly string[]).includes(plan)) throw new UsageError(`Unknown plan "${plan}".\n${USAGE}`);
  const row = await withDatabase(async (client) => (await client.query<AssignedPlan>(ASSIGN_PLAN_SQL, [email, plan as SignupPlan, null])).rows[0]).catch(
    (error: unknown) => {
      throw isLastTeamAdmin(error) ? new UsageError(TEAM_MESSAGES.lastAdminPlan) : error;
    },
  );
  if (!row) throw new UsageError(`No coach has the email address ${email}.`);
  return `${row.email} is now on ${row.plan}.`;
}

async function listRequests(): Promise<string> {
  const rows = await withDatabase(async (client) => (await client.query<PlanRequestRow>(PLAN_REQUESTS_SQL)).rows);
  if (rows.length === 0) return 'No pending plan requests.';
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const lines = rows.map((r) => `${r.email}\t${r.username}\tasks for ${r.requestedPlan} (on ${r.plan})\tsince ${day.format(new Date(r.requestedAt))}`);
  return [...lines, `Grant one with: npm run admin -- set-plan <email> <plan>; decline with: npm run admin -- decline <email>`].join('\n');
}

async function decline(email: string | undefined): Promise<string> {
  if (!email) throw new UsageError(USAGE);
  const row = await withDatabase(async (client) => (await client.query<{ email: string; requestedPlan: string }>(DECLINE_PLAN_REQUEST_SQL, [email])).rows[0]);
  if (!row) throw new UsageError(`No coach with the email address ${email} has a pending plan request.`);
  return `${row.email}'s request for ${row.requestedPlan} is declined.`;
}

async function run(command: string | undefined, rest: string[]): Promise<string> {
  switch (command) {
    case 'set-plan':
      return setPlan(rest[0], rest[1]);
    case 'requests':
      return listRequests();
    case 'decline':
      return decline(rest[0]);
    default:
      throw new UsageError(USAGE);
  }
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  try {
    console.log(await run(command, rest));
    return 0;
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : `Failed: ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

void main(process.argv.slice(2)).then((code) => process.exit(code));
