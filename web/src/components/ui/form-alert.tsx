import type { ReactNode } from 'react';

/** An error above a form, announced to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
      {children}
    </p>
  );
}
