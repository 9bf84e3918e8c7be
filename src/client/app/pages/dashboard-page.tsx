import { AlternativeRequestsPanel } from '@/client/features/data-requests/components/alternative-requests-panel';
import { DataRequestsPanel } from '@/client/features/data-requests/components/data-requests-panel';
import { AgreementPanel } from '@/client/features/job-analytics/components/agreement-panel';
import { hasCompanyRole } from '@/contracts/statuses';
import { useAuth } from '@/client/features/auth/hooks/use-auth';
import { JobsSection } from '@/client/features/jobs/components/jobs-table';
import { PhoneScreeningsSection } from '@/client/features/phone-screenings/components/phone-screening-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { AdverseImpactPanel } from '@/client/features/adverse-impact/components/adverse-impact-panel';
import { AppShell } from '../app-shell';

export function DashboardPage() {
  const { user } = useAuth();
  return (
    <AppShell>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Dashboard</h1>
      <DataRequestsPanel />
      <AlternativeRequestsPanel />
      <Tabs defaultValue="video">
        <TabsList>
          <TabsTrigger value="video">Video Interviews</TabsTrigger>
          <TabsTrigger value="phone">Phone Screenings</TabsTrigger>
        </TabsList>
        <TabsContent value="video" className="space-y-8 pt-6">
          <JobsSection canCreate={user ? hasCompanyRole(user.companyRole, 'recruiter') : false} />
          <AgreementPanel headingLevel="h2" description="How far your reviewers move the AI's scores, across all your jobs" />
          <AdverseImpactPanel />
        </TabsContent>
        <TabsContent value="phone" className="pt-6">
          <PhoneScreeningsSection />
        </TabsContent>
      </Tabs>
    </AppShell>
  );
}
