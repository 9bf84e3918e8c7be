import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AppShell } from './app-shell';

/** A page under /settings: the way back to Settings, its title, an optional sentence about it, then its content. */
export function SettingsSubpage({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <AppShell>
      <p className="mb-2 text-sm">
        <Link href="/settings" className="text-brand-700 underline underline-offset-4">
          Settings
        </Link>
      </p>
      <h1 className={description ? 'mb-2 text-2xl font-bold tracking-tight' : 'mb-6 text-2xl font-bold tracking-tight'}>{title}</h1>
      {description ? <p className="mb-6 max-w-3xl text-sm text-slate-600">{description}</p> : null}
      {children}
    </AppShell>
  );
}
