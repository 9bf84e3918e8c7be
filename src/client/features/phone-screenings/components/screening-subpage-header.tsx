import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';

/** The heading of a page under a phone screening, with the way back to it. */
export function ScreeningSubpageHeader({ title, screeningId }: { title: string; screeningId: string | number }) {
  return (
    <div className="mb-6 flex items-center gap-3">
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link href={`/phone-screening/${screeningId}`} aria-label="Back to phone screening">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words">{title}</h1>
    </div>
  );
}
