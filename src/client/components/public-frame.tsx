import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandMark } from '@/client/components/brand-mark';

/**
 * A page reached from a link in an email, signed in or not (forgot and reset password, joining a
 * team, unsubscribing): the brand, a way back to sign in, and one card in the middle.
 */
export function PublicFrame({ children, backToSignIn = true }: { children: ReactNode; backToSignIn?: boolean }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <BrandMark />
          {backToSignIn ? (
          <Link href="/auth" className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to sign in
          </Link>
          ) : null}
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl justify-center px-4 py-12">{children}</main>
    </div>
  );
}
