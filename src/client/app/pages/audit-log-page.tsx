import { Link } from 'wouter';
import { AuditLogView } from '@/client/features/audit-log/components/audit-log-view';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { AppShell } from '../app-shell';

/** The company's audit trail at /settings/audit (every signed-in user of the company; decision 024). */
export function AuditLogPage() {
  useDocumentTitle('Audit log — Hireloop');
  return (
    <AppShell>
      <p className="mb-2 text-sm">
        <Link href="/settings" className="text-brand-700 underline underline-offset-4">
          Settings
        </Link>
      </p>
      <h1 className="mb-2 text-2xl font-bold tracking-tight">Audit log</h1>
      <p className="mb-6 max-w-3xl text-sm text-slate-600">
        Every decision, score change, deletion, export, legal hold, retention change, sign-in and account approval in your company, kept for at least six
        months whatever your retention period. Entries cannot be changed or deleted, and hold no candidate names, contact details or free-text reasons:
        those stay with the record the entry points to.
      </p>
      <AuditLogView />
    </AppShell>
  );
}
