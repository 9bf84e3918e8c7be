import { CreateJobForm } from '@/client/features/jobs/components/create-job-form';
import { JobHeader } from '@/client/features/jobs/components/job-header';
import { AppShell } from '../app-shell';

export function CreateJobPage() {
  return (
    <AppShell>
      <div className="mx-auto max-w-3xl space-y-6">
        <JobHeader title="Create Job" />
        <CreateJobForm />
      </div>
    </AppShell>
  );
}
