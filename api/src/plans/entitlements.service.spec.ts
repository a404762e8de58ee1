import { describe, expect, it } from 'vitest';
import { EntitlementsService, uploadMonth } from './entitlements.service';
import type { PlanCatalogue } from './plan-catalogue';

const plan = (name: string, monthlyUploadMinutes?: number) =>
  ({ name, summary: '', features: [], opens: [], addOn: false, prices: [], monthlyUploadMinutes }) as unknown as PlanCatalogue[number];

describe('monthly upload minutes', () => {
  const entitlements = new EntitlementsService([plan('Coach', 10), plan('Pro')]);

  it('counts in calendar months (UTC), across the turn of the year', () => {
    expect(uploadMonth(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      next: new Date('2027-01-01T00:00:00Z'),
    });
    expect(uploadMonth(new Date('2027-01-01T00:00:00Z')).start).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('refuses at the limit, not a second before, and names the day uploads open again', () => {
    const now = new Date('2026-02-14T10:00:00Z');
    expect(() => entitlements.assertUploadMinutesLeft({ plan: 'Coach' }, 599, now)).not.toThrow();
    expect(() => entitlements.assertUploadMinutesLeft({ plan: 'Coach' }, 600, now)).toThrow(
      'You have used the 10 upload minutes of your Coach plan this month. Uploads open again on 1 March 2026',
    );
  });

  it('counts used minutes in tenths rounded down, as the limit counts', () => {
    const at = new Date('2026-02-14T10:00:00Z');
    expect(entitlements.uploadUsage({ plan: 'Coach' }, 174, at).usedMinutes).toBe(2.9);
    expect(entitlements.uploadUsage({ plan: 'Coach' }, 599.9, at).usedMinutes).toBe(9.9);
    expect(() => entitlements.assertUploadMinutesLeft({ plan: 'Coach' }, 599.9, at)).not.toThrow();
    expect(entitlements.uploadUsage({ plan: 'Coach' }, 600, at).usedMinutes).toBe(10);
  });

  it('never refuses on a plan without a limit', () => {
    expect(() => entitlements.assertUploadMinutesLeft({ plan: 'Pro' }, 10 ** 9)).not.toThrow();
    expect(entitlements.uploadUsage({ plan: 'Pro' }, 125, new Date('2026-02-14T10:00:00Z'))).toEqual({
      usedMinutes: 2,
      limitMinutes: null,
      resetsAt: '2026-03-01T00:00:00.000Z',
    });
  });
});
