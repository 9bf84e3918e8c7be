import * as React from 'react';
import { cn } from '@/client/lib/cn';

export type InputProps = React.InputHTMLAttributes<HTMLInputElement>;

export const Input = React.forwardRef<HTMLInputElement, InputProps>(({ className, type = 'text', ...props }, ref) => (
  <input
    type={type}
    ref={ref}
    className={cn(
      'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition-colors',
      'placeholder:text-slate-500',
      'file:border-0 file:bg-transparent file:text-sm file:font-medium',
      'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
      'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-50',
      'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600',
      className,
    )}
    {...props}
  />
));
Input.displayName = 'Input';
