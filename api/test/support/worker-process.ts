import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { TestApi } from './test-api';

const WORKER = path.resolve(__dirname, '../../dist/worker/main.js');

/** The separate worker process of the stack (`node api/dist/worker/main.js`), on the test API's database and files. */
export function startWorkerProcess(api: Pick<TestApi, 'db' | 'dataDir'>, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: api.db.url,
      DATA_DIR: api.dataDir,
      BACKGROUND_JOBS: 'true',
      TRANSCRIBER: 'none',
      LOG_LEVEL: 'warn',
      WORKER_HEARTBEAT_FILE: path.join(api.dataDir, 'worker.heartbeat'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
