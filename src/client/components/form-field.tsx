import type { ReactNode } from 'react';
import { FieldError } from '@/client/components/ui/form-message';
import { Label } from '@/client/components/ui/label';

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** The control; it should carry `id`, `aria-invalid` and `aria-describedby={describedBy(id, …)}`. */
  children: ReactNode;
}

/** The ids a field's control points at with aria-describedby: its hint and its error. */
export function describedBy(id: string, opts: { hint?: boolean; error?: string | undefined }): string | undefined {
  const ids = [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A labelled form control with its hint and its validation message. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
