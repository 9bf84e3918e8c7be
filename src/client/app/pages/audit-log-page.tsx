import { AuditLogView } from '@/client/features/audit-log/components/audit-log-view';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { SettingsSubpage } from '../settings-subpage';

const ABOUT =
  'Every decision, score change, deletion, export, legal hold, retention change, sign-in and account approval in your company, kept for at least six months whatever your retention period. Entries cannot be changed or deleted, and hold no candidate names, contact details or free-text reasons: those stay with the record the entry points to.';

/** The company's audit trail at /settings/audit (the company's owners; decisions 024 and 026). */
export function AuditLogPage() {
  useDocumentTitle('Audit log — Hireloop');
  return (
    <SettingsSubpage title="Audit log" description={ABOUT}>
      <AuditLogView />
    </SettingsSubpage>
  );
}
