import { hasCompanyRole } from '@/contracts/statuses';
import { useAuth } from '@/client/features/auth/hooks/use-auth';
import { JobHeader } from '@/client/features/jobs/components/job-header';
import { NewJob } from '@/client/features/jobs/components/new-job';
import { AppShell } from '../app-shell';

export function CreateJobPage() {
  const { user } = useAuth();
  return (
    <AppShell>
      <div className="mx-auto max-w-3xl space-y-6">
        <JobHeader title="Create Job" />
        <NewJob canManageTemplates={user ? hasCompanyRole(user.companyRole, 'recruiter') : false} />
      </div>
    </AppShell>
  );
}
