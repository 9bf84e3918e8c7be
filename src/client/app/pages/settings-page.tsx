import { RetentionSettingsCard } from '@/client/features/company-settings/components/retention-settings-card';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { AppShell } from '../app-shell';

/** The company's settings at /settings (every signed-in user of the company). */
export function SettingsPage() {
  useDocumentTitle('Settings — Hireloop');
  return (
    <AppShell>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Settings</h1>
      <RetentionSettingsCard />
    </AppShell>
  );
}
