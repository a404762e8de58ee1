import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

/** `npm run admin -- set-plan …` on the running product's data directory, as a club's admin runs it. */
export async function setPlan(email: string, plan: string): Promise<string> {
  const dataDir = process.env.E2E_PRODUCT_DATA_DIR;
  if (!dataDir) throw new Error('E2E_PRODUCT_DATA_DIR is not set (playwright.config sets it)');
  const { stdout } = await promisify(execFile)(process.execPath, [path.resolve(__dirname, '../../api/dist/cli/admin.js'), 'set-plan', email, plan], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  return stdout.trim();
}
