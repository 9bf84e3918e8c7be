import { AccountDetailsCard } from '@/client/features/account/components/account-details-card';
import { ChangePasswordCard } from '@/client/features/account/components/change-password-card';
import { SessionsCard } from '@/client/features/account/components/sessions-card';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { AppShell } from '../app-shell';

/** The signed-in member's own account at /account: details and email, password, sessions (every role). */
export function AccountPage() {
  useDocumentTitle('Account — Hireloop');
  return (
    <AppShell>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Account</h1>
      <div className="space-y-6">
        <AccountDetailsCard />
        <ChangePasswordCard />
        <SessionsCard />
      </div>
    </AppShell>
  );
}
