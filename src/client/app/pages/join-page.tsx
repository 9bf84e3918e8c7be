import { useLocation, useParams } from 'wouter';
import { BrandMark } from '@/client/components/brand-mark';
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
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
          <BrandMark />
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl justify-center px-4 py-12">
        <JoinView token={token} signedInAs={user?.username ?? null} onJoined={() => navigate('/dashboard')} />
      </main>
    </div>
  );
}
