import { NotificationSettingsCard } from '@/client/features/notifications/components/notification-settings-card';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { SettingsSubpage } from '../settings-subpage';

/** The signed-in member's own choice of emails at /settings/notifications (every role; decision 031). */
export function NotificationsPage() {
  useDocumentTitle('Notifications — Hireloop');
  return (
    <SettingsSubpage title="Notifications">
      <NotificationSettingsCard />
    </SettingsSubpage>
  );
}
