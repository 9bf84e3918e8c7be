import { useLocation, useParams } from 'wouter';
import { PublicFrame } from '@/client/components/public-frame';
import { useAuth } from '@/client/features/auth/hooks/use-auth';
import { JoinView } from '@/client/features/members/components/join-view';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

/** /join/:token, the link in an invitation to join a company (public; decision 027). Joined, the new member lands on the dashboard. */
export function JoinPage() {
  useDocumentTitle('Join your team — Hireloop');
  const { token } = useParams<{ token: string }>();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  return (
    <PublicFrame backToSignIn={false}>
      <JoinView token={token} signedInAs={user?.username ?? null} onJoined={() => navigate('/dashboard')} />
    </PublicFrame>
  );
}
