import { Bell, History, KeyRound, Mail, Users, Webhook, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { CandidateLinkSettingsCard } from '@/client/features/company-settings/components/candidate-link-settings-card';
import { CompanyExportCard } from '@/client/features/company-settings/components/company-export-card';
import { RetentionSettingsCard } from '@/client/features/company-settings/components/retention-settings-card';
import { useCompanyOutbox } from '@/client/hooks/use-company-outbox';
import { useCan } from '@/client/hooks/use-company-role';
import { MAIL_SERVER_HINT } from '@/contracts/outbox';
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

/** Mail: whether a mail server is connected, how to connect one, and the outbox of what waits (decision 044). */
function OutboxCard() {
  const outbox = useCompanyOutbox();
  const waiting = outbox.data?.messages.length ?? 0;
  return (
    <SettingsLinkCard
      title="Email"
      description={
        outbox.data?.hasMailServer === false ? (
          <>
            No mail server is connected: emails to candidates wait in the outbox ({waiting} now), where you can copy each candidate&apos;s link. {MAIL_SERVER_HINT}
          </>
        ) : (
          'A mail server is connected: invitations and reminders are emailed. The outbox shows any that could not be sent yet.'
        )
      }
      href="/settings/outbox"
      icon={Mail}
      label="Open the outbox"
    />
  );
}

/**
 * The company's settings at /settings. Every member reads them and chooses their own emails; the
 * company's records (its export, the audit log) are the owners' (decision 026).
 */
export function SettingsPage() {
  useDocumentTitle('Settings — Hireloop');
  const isOwner = useCan('owner');
  const canSend = useCan('recruiter');
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
        {canSend ? <OutboxCard /> : null}
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
