/** A section's heading on a dashboard page; `id` names the section (`aria-labelledby`). */
export function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-3 text-xl font-semibold text-slate-900">
      {children}
    </h2>
  );
}
