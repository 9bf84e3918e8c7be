import { Bell, History, KeyRound, Users, Webhook, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { CandidateLinkSettingsCard } from '@/client/features/company-settings/components/candidate-link-settings-card';
import { CompanyExportCard } from '@/client/features/company-settings/components/company-export-card';
import { RetentionSettingsCard } from '@/client/features/company-settings/components/retention-settings-card';
import { useCan } from '@/client/hooks/use-company-role';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { AppShell } from '../app-shell';

/** A card that leads to a settings page of its own. */
function SettingsLinkCard({ title, description, href, icon: Icon, label }: { title: string; description: ReactNode; href: string; icon: LucideIcon; label: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link href={href}>
            <Icon aria-hidden="true" />
            {label}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The company's settings at /settings. Every member reads them and chooses their own emails; the
 * company's records (its export, the audit log) are the owners' (decision 026).
 */
export function SettingsPage() {
  useDocumentTitle('Settings — Hireloop');
  const isOwner = useCan('owner');
  return (
    <AppShell>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Settings</h1>
      <div className="space-y-6">
        <SettingsLinkCard
          title="Team"
          description="Who is in your company and with which role. Owners invite members, change roles and remove members."
          href="/settings/team"
          icon={Users}
          label="View the team"
        />
        <SettingsLinkCard
          title="Notifications"
          description="Which emails you get: interviews and screenings completed, candidates' requests, a daily digest. Each member chooses their own."
          href="/settings/notifications"
          icon={Bell}
          label="Choose your emails"
        />
        <RetentionSettingsCard />
        <CandidateLinkSettingsCard />
        {isOwner ? (
          <>
            <CompanyExportCard />
            <SettingsLinkCard
              title="Audit log"
              description="Who decided, changed a score, deleted or exported candidate data, changed this period, or signed in, and when. Kept for at least six months whatever the retention period."
              href="/settings/audit"
              icon={History}
              label="View the audit log"
            />
            <SettingsLinkCard
              title="API keys"
              description="Keys other systems use to call Hireloop's API as your company: to read, or also to create jobs and invite candidates. Shown once, revocable at any time."
              href="/settings/api-keys"
              icon={KeyRound}
              label="Manage API keys"
            />
            <SettingsLinkCard
              title="Webhooks"
              description="Send signed events to your other systems as interviews and screenings are scored, reviewed or deleted, with a delivery log."
              href="/settings/webhooks"
              icon={Webhook}
              label="Manage webhooks"
            />
          </>
        ) : null}
      </div>
    </AppShell>
  );
}
