import { Link } from 'wouter';
import { useAuth } from '@/client/features/auth/hooks/use-auth';
import { TeamView } from '@/client/features/members/components/team-view';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { AppShell } from '../app-shell';

/** The company's members and invitations at /settings/team (every member reads; owners manage; decision 027). */
export function TeamPage() {
  useDocumentTitle('Team — Hireloop');
  const { user } = useAuth();
  return (
    <AppShell>
      <p className="mb-2 text-sm">
        <Link href="/settings" className="text-brand-700 underline underline-offset-4">
          Settings
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Team</h1>
      <TeamView companyName={user?.companyName ?? 'your company'} />
    </AppShell>
  );
}
