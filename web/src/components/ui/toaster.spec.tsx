import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { dismissToast, getToasts, resetToasts, toast } from './use-toast';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notification area', () => {
  it('shows at most one notification: a new one replaces the current one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Newest wins' });
    });
    expect(getToasts()).toHaveLength(1);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('hides a notification after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(getToasts()[0]?.open).toBe(false);
  });

  it('removes a dismissed notification after the removal delay of 1,000,000 ms', () => {
    const { id } = toast({ title: 'Bye' });
    dismissToast(id);
    expect(getToasts()).toMatchObject([{ id, open: false }]);
    vi.advanceTimersByTime(999_999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('has a default and a destructive look', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Network error', variant: 'destructive' });
    });
    expect(screen.getByText('Network error').closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    act(() => {
      toast({ title: 'Hello' });
    });
    expect(screen.getByText('Hello').closest('[data-variant]')).toHaveAttribute('data-variant', 'default');
  });

  it('focuses the notification area on F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Look here' });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(screen.getByRole('region', { name: /F8/ })).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).not.toBe(document.body);
  });

  it('dismisses on a swipe to the right past 50 px', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Swipe me' });
    });
    const root = screen.getByText('Swipe me').closest('li')!;
    const pointer = (type: string, x: number) =>
      fireEvent[type as 'pointerDown'](root, { clientX: x, clientY: 0, pointerType: 'touch', button: 0, pointerId: 1 });
    pointer('pointerDown', 0);
    pointer('pointerMove', 30);
    pointer('pointerUp', 30);
    expect(getToasts()[0]?.open).toBe(true);
    pointer('pointerDown', 0);
    pointer('pointerMove', 80);
    pointer('pointerUp', 80);
    expect(getToasts()[0]?.open).toBe(false);
  });
});
