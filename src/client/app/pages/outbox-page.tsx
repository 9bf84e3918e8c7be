import { OutboxView } from '@/client/features/outbox/components/outbox-view';
import { useCan } from '@/client/hooks/use-company-role';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { SettingsSubpage } from '../settings-subpage';

/** The company's outbox at /settings/outbox: owners and recruiters, as the server checks (decision 044). */
export function OutboxPage() {
  useDocumentTitle('Outbox — Hireloop');
  const canSend = useCan('recruiter');
  return (
    <SettingsSubpage title="Outbox" description="Emails to your candidates that are waiting for a mail server. Each invitation shows the candidate's link, so you can send it yourself.">
      {canSend ? <OutboxView /> : <p className="text-sm text-slate-600">Only recruiters and owners of the company can read the outbox.</p>}
    </SettingsSubpage>
  );
}
