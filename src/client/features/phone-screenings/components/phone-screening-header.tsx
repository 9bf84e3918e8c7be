import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';

/** Back to the dashboard and the page title (h1). */
export function PhoneScreeningHeader({ title }: { title: string }) {
  return (
    <div className="mb-6 flex items-center gap-3">
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link href="/dashboard" aria-label="Back to dashboard">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words">{title}</h1>
    </div>
  );
}
