import { AudioLines } from 'lucide-react';
import { cn } from '@/client/lib/cn';


interface BrandLogoProps {
  className?: string;
}

/** The Hireloop mark and word mark. Put it inside a link to make a home link. */
export function BrandLogo({ className }: BrandLogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-slate-900', className)}>
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-lg bg-linear-to-br from-brand-500 to-brand-700 text-white shadow-sm shadow-brand-700/30"
      >
        <AudioLines className="size-4" />
      </span>
      <span className="text-lg font-semibold tracking-tight">Hireloop</span>
    </span>
  );
}
