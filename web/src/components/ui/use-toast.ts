import { useEffect, useState, type ReactNode } from 'react';
import { NOTIFICATIONS } from '@/config/constants';

/**
 * The notification area's state (docs/product-spec.md §9): at most one notification at a time; a new one replaces the
 * current one. A dismissed notification stays in the list (closed) until the removal delay has passed,
 * which lets Radix play its exit animation and keeps the list from flickering.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: ToastItem[]) => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  toasts = next;
  listeners.forEach((listener) => listener(toasts));
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, NOTIFICATIONS.removeDelayMs),
  );
}

export function dismissToast(id?: string): void {
  toasts.filter((t) => id === undefined || t.id === id).forEach((t) => scheduleRemoval(t.id));
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, NOTIFICATIONS.limit));
  return { id, dismiss: () => dismissToast(id) };
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

/** Test hook: forget every notification and timer. */
export function resetToasts(): void {
  removalTimers.forEach(clearTimeout);
  removalTimers.clear();
  emit([]);
}

export function useToasts(): ToastItem[] {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state;
}
