import { Clock, LogOut, Menu, Settings, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandMark } from '@/client/components/brand-mark';
import { Button } from '@/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { useAuth } from '@/client/features/auth/hooks/use-auth';

/**
 * Below `md` (768 px) the header is the mark and a 'Menu' button holding the welcome line, Admin,
 * Account, Settings and Logout: on a 390 px phone the full row is about 600 px (decision 048).
 */
function HeaderMenu({ companyName, isAdmin, onLogout, isLoggingOut }: { companyName: string | undefined; isAdmin: boolean; onLogout: () => void; isLoggingOut: boolean }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="md:hidden">
          <Menu aria-hidden="true" />
          Menu
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel className="break-words">
          Welcome, <span className="font-medium text-slate-900">{companyName}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {isAdmin ? (
          <DropdownMenuItem asChild>
            <Link href="/admin">
              <ShieldCheck aria-hidden="true" />
              Admin
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link href="/account">
            <UserRound aria-hidden="true" />
            Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout} disabled={isLoggingOut}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The signed-in frame: welcome line with the company name, Logout, and the approval banner. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user, logoutMutation } = useAuth();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <div className="flex min-w-0 items-center gap-6">
            <BrandMark href="/dashboard" className="shrink-0" />
            <p className="hidden truncate text-sm text-slate-600 md:block">
              Welcome, <span className="font-medium text-slate-900">{user?.companyName}</span>
            </p>
          </div>
          <HeaderMenu
            companyName={user?.companyName}
            isAdmin={user?.role === 'admin'}
            onLogout={() => logoutMutation.mutate()}
            isLoggingOut={logoutMutation.isPending}
          />
          <div className="hidden shrink-0 items-center gap-2 md:flex">
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
