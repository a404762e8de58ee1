import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClass =
  'mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm font-normal text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 aria-invalid:border-red-600';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; error?: string | null };

/**
 * A labelled input whose hint and error are tied to it (aria-describedby), and which says it is invalid
 * (aria-invalid) while its error shows, so a screen reader reads the product's message with the field.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(({ label, hint, error, className, id, ...input }, ref) => {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input ref={ref} id={inputId} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
TextField.displayName = 'TextField';
