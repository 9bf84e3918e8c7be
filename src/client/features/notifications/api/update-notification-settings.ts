import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSettingsView, type NotificationChoices, type NotificationSettingsView } from '@/contracts/notifications';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { notificationSettingsQuery } from './get-notification-settings';

export async function updateNotificationSettings(choices: NotificationChoices): Promise<NotificationSettingsView> {
  return readJson(await apiRequest('PUT', '/api/notifications/settings', { choices }), notificationSettingsView);
}

/** PUT /api/notifications/settings; the answer replaces the cached settings. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQuery().queryKey, saved);
      toast({ title: 'Notification settings saved', description: 'Your choice of emails applies from now on.' });
    },
    onError: (failure) => toast({ title: 'Notification settings not saved', description: describeError(failure), variant: 'destructive' }),
  });
}
