import { Bell, History, Users } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { CandidateLinkSettingsCard } from '@/client/features/company-settings/components/candidate-link-settings-card';
import { CompanyExportCard } from '@/client/features/company-settings/components/company-export-card';
import { RetentionSettingsCard } from '@/client/features/company-settings/components/retention-settings-card';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { AppShell } from '../app-shell';

/** The company's settings at /settings (every signed-in user of the company). */
export function SettingsPage() {
  useDocumentTitle('Settings — Hireloop');
  return (
    <AppShell>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Settings</h1>
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Team</CardTitle>
            <CardDescription>Who is in your company and with which role. Owners invite members, change roles and remove members.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link href="/settings/team">
                <Users aria-hidden="true" />
                View the team
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Notifications</CardTitle>
            <CardDescription>Which emails you get: interviews and screenings completed, candidates&apos; requests, a daily digest. Each member chooses their own.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link href="/settings/notifications">
                <Bell aria-hidden="true" />
                Choose your emails
              </Link>
            </Button>
          </CardContent>
        </Card>
        <RetentionSettingsCard />
        <CandidateLinkSettingsCard />
        <CompanyExportCard />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Audit log</CardTitle>
            <CardDescription>
              Who decided, changed a score, deleted or exported candidate data, changed this period, or signed in, and when. Kept for at least six
              months whatever the retention period.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link href="/settings/audit">
                <History aria-hidden="true" />
                View the audit log
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </AppShell>
  );
}
