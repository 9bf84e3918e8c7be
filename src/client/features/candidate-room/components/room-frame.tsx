import type { ReactNode } from 'react';
import { BrandLogo } from '@/client/components/brand-logo';
import { cn } from '@/client/lib/cn';

interface RoomFrameProps {
  children: ReactNode;
  /** Shown at the header's right, e.g. the job title and progress. */
  aside?: ReactNode;
  /** Centre a single card (the short views) rather than fill the page (the interview itself). */
  centered?: boolean;
}

/** The candidate room's page: the logo (no links away from the interview) and the view. */
export function RoomFrame({ children, aside, centered = true }: RoomFrameProps) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <BrandLogo />
          {aside}
        </div>
      </header>
      <main className={cn('flex flex-1 flex-col', centered && 'items-center justify-center px-4 py-10')}>{children}</main>
    </div>
  );
}
