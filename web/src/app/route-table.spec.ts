import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { preloadScreen, routeTable } from './route-table';

const screenOf = (path: string) => routeTable.find((entry) => entry.path === path)!.Screen;

afterEach(() => vi.restoreAllMocks());

describe('the screen of the address the app opens on', () => {
  it.each([
    ['/pricing', paths.pricing],
    ['/help/guides/recording', paths.guide],
    ['/dashboard', paths.dashboard],
    ['/dashboard/team-sessions/6c1b8f0e-8f5e-4a44-9d6c-0f6ad1c9d001', paths.teamSessionReport],
    ['/no/such/page', '*'],
  ])('starts loading with the app on %s: the screen of %s', (address, route) => {
    const loads = routeTable.map((entry) => vi.spyOn(entry.Screen, 'load').mockResolvedValue({ default: () => null }));
    preloadScreen(address);
    expect(screenOf(route).load).toHaveBeenCalledTimes(1);
    expect(loads.reduce((calls, spy) => calls + spy.mock.calls.length, 0)).toBe(1);
  });
});
