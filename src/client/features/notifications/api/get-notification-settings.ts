import { useQuery } from '@tanstack/react-query';
import { notificationSettingsView } from '@/contracts/notifications';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/notifications/settings: the signed-in member's own choice of emails and where they go. */
export function notificationSettingsQuery() {
  return jsonQuery('/api/notifications/settings', notificationSettingsView);
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery());
}
