import { Link } from 'wouter';
import { NotificationSettingsCard } from '@/client/features/notifications/components/notification-settings-card';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { AppShell } from '../app-shell';

/** The signed-in member's own choice of emails at /settings/notifications (every role; decision 031). */
export function NotificationsPage() {
  useDocumentTitle('Notifications — Hireloop');
  return (
    <AppShell>
      <p className="mb-2 text-sm">
        <Link href="/settings" className="text-brand-700 underline underline-offset-4">
          Settings
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Notifications</h1>
      <NotificationSettingsCard />
    </AppShell>
  );
}
