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

/**
 * The candidate room's page: the logo (no links away from the interview) and the view. The
 * interview itself (not `centered`) keeps its header, and the 'Recording' mark in it, in view
 * (decision 048): on a wide screen the page is exactly the window's height and its columns scroll
 * inside; on a narrow one the page scrolls under a sticky header.
 */
export function RoomFrame({ children, aside, centered = true }: RoomFrameProps) {
  return (
    <div className={cn('flex min-h-screen flex-col bg-slate-50', !centered && 'lg:h-screen')}>
      <header className={cn('border-b border-slate-200 bg-white', !centered && 'sticky top-0 z-10')}>
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <BrandLogo />
          {aside}
        </div>
      </header>
      <main className={cn('flex flex-1 flex-col', centered ? 'items-center justify-center px-4 py-10' : 'lg:min-h-0')}>{children}</main>
    </div>
  );
}
