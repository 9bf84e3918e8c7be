import { AccountsPanel, DemoRequestsPanel, OutboxPanel } from '@/client/features/admin/components/admin-panels';
import { AppShell } from '../app-shell';

export function AdminPage() {
  return (
    <AppShell>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Administration</h1>
      <div className="space-y-6">
        <AccountsPanel />
        <DemoRequestsPanel />
        <OutboxPanel />
      </div>
    </AppShell>
  );
}
