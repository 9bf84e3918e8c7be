import { useAuth } from '@/client/features/auth/hooks/use-auth';
import { TeamView } from '@/client/features/members/components/team-view';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { SettingsSubpage } from '../settings-subpage';

/** The company's members and invitations at /settings/team (every member reads; owners manage; decision 027). */
export function TeamPage() {
  useDocumentTitle('Team — Hireloop');
  const { user } = useAuth();
  return (
    <SettingsSubpage title="Team">
      <TeamView companyName={user?.companyName ?? 'your company'} />
    </SettingsSubpage>
  );
}
