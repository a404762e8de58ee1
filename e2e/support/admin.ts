import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

/** `npm run admin -- …` on the running product's data directory, as a club's admin runs it. */
async function admin(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_PRODUCT_DATA_DIR;
  if (!dataDir) throw new Error('E2E_PRODUCT_DATA_DIR is not set (playwright.config sets it)');
  const { stdout } = await promisify(execFile)(process.execPath, [path.resolve(__dirname, '../../api/dist/cli/admin.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  return stdout.trim();
}

/** `npm run admin -- set-plan <email> <plan>`. */
export const setPlan = (email: string, plan: string) => admin('set-plan', email, plan);

/** `npm run admin -- requests`: the sign-up plan requests waiting for an answer. */
export const listRequests = () => admin('requests');
