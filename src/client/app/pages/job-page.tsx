import { useParams } from 'wouter';
import { hasCompanyRole } from '@/contracts/statuses';
import { Spinner } from '@/client/components/ui/spinner';
import { useAuth } from '@/client/features/auth/hooks/use-auth';
import { InterviewsSection } from '@/client/features/interviews/components/interviews-section';
import { JobAnalyticsSection } from '@/client/features/job-analytics/components/job-analytics-section';
import { useJob } from '@/client/features/jobs/api/get-job';
import { AnsweringPanel } from '@/client/features/jobs/components/answering-panel';
import { JobActionsMenu } from '@/client/features/jobs/components/job-actions-menu';
import { JobDescription } from '@/client/features/jobs/components/job-description';
import { ClosedJobNote, JobHeader, JobPanels } from '@/client/features/jobs/components/job-header';
import { AdverseImpactPanel } from '@/client/features/adverse-impact/components/adverse-impact-panel';
import { ImportCandidatesButton } from '@/client/features/imports/components/import-candidates-button';
import { ApplyPageCard } from '@/client/features/apply/components/apply-page-card';
import { AppShell } from '../app-shell';

export function JobPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useAuth();
  const { data: job, isLoading } = useJob(id);
  // Viewers read the job; recruiters and owners change it (the server checks the same rule).
  const canEdit = user ? hasCompanyRole(user.companyRole, 'recruiter') : false;
  return (
    <AppShell>
      {isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8 text-brand-600" />
        </div>
      ) : !job ? (
        <div className="space-y-4">
          <JobHeader title="Job not found" />
        </div>
      ) : (
        <div className="space-y-6">
          <JobHeader title={job.title} closedAt={job.closedAt} actions={canEdit ? <JobActionsMenu job={job} /> : null} />
          {job.closedAt ? <ClosedJobNote closedAt={job.closedAt} canReopen={canEdit} /> : null}
          <JobDescription description={job.description} />
          <JobPanels job={job} canEdit={canEdit} />
          <AnsweringPanel key={job.id} job={job} canEdit={canEdit} />
          <ApplyPageCard target={{ kind: 'job', id: job.id }} canEdit={canEdit} />
          <InterviewsSection
            jobId={job.id}
            jobTitle={job.title}
            companyName={user?.companyName}
            videoRecording={job.videoRecording}
            isJobClosed={job.closedAt !== null}
            addActions={<ImportCandidatesButton target={{ kind: 'job', id: job.id }} />}
          />
          <JobAnalyticsSection jobId={job.id} />
          <AdverseImpactPanel jobId={job.id} />
        </div>
      )}
    </AppShell>
  );
}
