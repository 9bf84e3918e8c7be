import { Clock, Settings, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandMark } from '@/client/components/brand-mark';
import { Button } from '@/client/components/ui/button';
import { useAuth } from '@/client/features/auth/hooks/use-auth';

/** The signed-in frame: welcome line with the company name, Logout, and the approval banner. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user, logoutMutation } = useAuth();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <div className="flex items-center gap-6">
            <BrandMark href="/dashboard" />
            <p className="text-sm text-slate-600">
              Welcome, <span className="font-medium text-slate-900">{user?.companyName}</span>
            </p>
          </div>
          <div className="flex items-center gap-2">
            {user?.role === 'admin' ? (
              <Button asChild variant="ghost" size="sm">
                <Link href="/admin">
                  <ShieldCheck aria-hidden="true" />
                  Admin
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="ghost" size="sm">
              <Link href="/account">
                <UserRound aria-hidden="true" />
                Account
              </Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link href="/settings">
                <Settings aria-hidden="true" />
                Settings
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={() => logoutMutation.mutate()} disabled={logoutMutation.isPending}>
              Logout
            </Button>
          </div>
        </div>
      </header>
      {user && !user.isApproved ? (
        <div role="status" className="border-b border-amber-200 bg-amber-50">
          <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm text-amber-900">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <strong className="font-semibold">Your account is awaiting approval.</strong> We will review it and notify you once it is
              approved. Until then you can create jobs and prepare interviews, but invitations and phone calls to candidates are paused.
            </p>
          </div>
        </div>
      ) : null}
      <main className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
    </div>
  );
}
