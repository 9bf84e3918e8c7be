import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Spinner } from '@/client/components/ui/spinner';
import { useAuth } from '../hooks/use-auth';

export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="size-8 text-brand-600" />
    </div>
  );
}

/** Spinner while the user loads, /auth when signed out, else the page. */
export function ProtectedRoute({ children, role }: { children: ReactNode; role?: 'admin' }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Redirect to="/auth" replace />;
  if (role && user.role !== role) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}

/**
 * Public pages that a signed-in user skips (/ and /auth). They show at once, without waiting for the
 * session check (one round trip less before the first paint), and go to /dashboard when it finds a user.
 */
export function SignedOutRoute({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
