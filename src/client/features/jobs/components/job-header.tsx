import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import type { Job } from '@/contracts/jobs';
import { Button } from '@/client/components/ui/button';
import { CriteriaPanel } from './criteria-panel';
import { QuestionsPanel } from './questions-panel';

/** Back to the dashboard and the page title (h1). Also fits the Create Job page: `<JobHeader title="Create Job" />`. */
export function JobHeader({ title }: { title: string }) {
  return (
    <div className="mb-6 flex items-center gap-3">
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link href="/" aria-label="Back to dashboard">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words">{title}</h1>
    </div>
  );
}

/** The questions and criteria panels: side by side from `lg:`, stacked below. */
export function JobPanels({ job }: { job: Job }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <QuestionsPanel job={job} />
      <CriteriaPanel job={job} />
    </div>
  );
}
