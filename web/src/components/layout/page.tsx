import type { ReactNode } from 'react';

/** A screen's frame: its title, an optional lead paragraph, the screen's main action beside the title, and its content. */
export function Page({ title, lead, actions, children }: { title: string; lead?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8">
      {/* As tall as a button, so an action that appears with the page's data moves nothing below it. */}
      <div className="flex min-h-10 flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {actions}
      </div>
      {lead && <p className="mt-2 max-w-3xl text-lg text-slate-600">{lead}</p>}
      {children && <div className="mt-8">{children}</div>}
    </div>
  );
}
