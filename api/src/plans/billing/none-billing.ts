import { Errors } from '../../common';
import type { BillingPort } from './billing.port';

/** A self-hosted club without billing: plans are assigned by installation admins, so nothing here is for sale. */
export class NoneBilling implements BillingPort {
  checkout(): Promise<never> {
    return Promise.reject(Errors.managedByClub());
  }

  portal(): Promise<never> {
    return Promise.reject(Errors.managedByClub());
  }

  webhook(): Promise<never> {
    return Promise.reject(Errors.managedByClub());
  }
}
