import type { HTMLAttributes } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * The box a table scrolls sideways in when the screen is narrower than the table (decision 048).
 * Positioned, so that what a cell positions absolutely (the `sr-only` texts) is clipped with the
 * table: otherwise it is placed against the page and widens the whole page on a phone.
 */
export function TableScroll({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('relative overflow-x-auto', className)} {...props} />;
}
