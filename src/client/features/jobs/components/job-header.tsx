import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Job } from '@/contracts/jobs';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { CriteriaPanel } from './criteria-panel';
import { QuestionsPanel } from './questions-panel';

interface JobHeaderProps {
  title: string;
  /** A closed job shows a 'Closed' badge beside its title. */
  closedAt?: string | null | undefined;
  /** At the right: the job's actions menu, for those who may change the job. */
  actions?: ReactNode;
}

/** Back to the dashboard and the page title (h1). Also fits the Create Job page: `<JobHeader title="Create Job" />`. */
export function JobHeader({ title, closedAt, actions }: JobHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link href="/" aria-label="Back to dashboard">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words">{title}</h1>
      {closedAt ? <ClosedBadge closedAt={closedAt} /> : null}
      {actions ? <div className="ml-auto">{actions}</div> : null}
    </div>
  );
}

/** 'Closed', with the day it was closed on hover. */
export function ClosedBadge({ closedAt }: { closedAt: string }) {
  return (
    <Badge variant="secondary" title={`Closed on ${new Date(closedAt).toLocaleDateString()}`}>
      Closed
    </Badge>
  );
}

/** Under a closed job's header: what closing means, and (to those who may) that it can be undone. */
export function ClosedJobNote({ closedAt, canReopen }: { closedAt: string; canReopen: boolean }) {
  return (
    <p className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      This job was closed on <time dateTime={closedAt}>{new Date(closedAt).toLocaleDateString()}</time>. Candidates can no longer be invited or take
      the interview; its interviews and reports stay.{canReopen ? ' Reopen it from the Actions menu.' : ''}
    </p>
  );
}

/** The questions and criteria panels: side by side from `lg:`, stacked below. Viewers get no edit buttons. */
export function JobPanels({ job, canEdit = true }: { job: Job; canEdit?: boolean }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <QuestionsPanel job={job} canEdit={canEdit} />
      <CriteriaPanel job={job} canEdit={canEdit} />
    </div>
  );
}
