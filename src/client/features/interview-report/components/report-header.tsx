import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';

interface ReportHeaderProps {
  title: string;
  /** The interview's job (/job/{jobId}); without one the link goes to the dashboard. */
  jobId?: number | undefined;
}

/** The back link and the page title (h1). */
export function ReportHeader({ title, jobId }: ReportHeaderProps) {
  const href = jobId === undefined ? '/dashboard' : `/job/${jobId}`;
  return (
    <div className="mb-6 flex items-center gap-3">
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link href={href} aria-label={jobId === undefined ? 'Back to dashboard' : 'Back to job'}>
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words">{title}</h1>
    </div>
  );
}
