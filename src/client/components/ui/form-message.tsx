import { cn } from '@/client/lib/cn';

export interface FieldErrorProps {
  /** Validation message; nothing is rendered when empty or undefined. */
  message?: string | undefined;
  /** Give the message an id so the field can reference it with `aria-describedby`. */
  id?: string | undefined;
  className?: string | undefined;
}

/** Validation message for a form field: small red text with `role="alert"`. */
export function FieldError({ message, id, className }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn('text-sm font-medium text-red-600', className)}>
      {message}
    </p>
  );
}
