import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/app-config';
import { FAILURE_RESET_SECONDS, waitSeconds } from './login-throttle';

const defaults = loadConfig({}, '/tmp').loginThrottle;

describe('embedded sign-in throttling policy', () => {
  it('waits nothing before the fifth wrong password, then grows by a minute per five, up to 15 minutes', () => {
    const waits = [1, 4, 5, 9, 10, 15, 74, 75, 500].map((failures) => waitSeconds(failures, defaults));
    expect(waits).toEqual([0, 0, 60, 60, 120, 180, 840, 900, 900]);
  });

  it('is the policy the Keycloak realm configures for its brute-force detector', () => {
    const realm = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../infra/keycloak/realm-touchline.json'), 'utf8'));
    expect(realm).toMatchObject({
      bruteForceProtected: true,
      permanentLockout: false,
      maxTemporaryLockouts: 0,
      bruteForceStrategy: 'MULTIPLE',
      failureFactor: defaults.failureFactor,
      waitIncrementSeconds: defaults.waitIncrementSeconds,
      maxFailureWaitSeconds: defaults.maxWaitSeconds,
      maxDeltaTimeSeconds: FAILURE_RESET_SECONDS,
    });
  });
});
