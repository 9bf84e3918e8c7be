import { WebhooksView } from '@/client/features/webhooks/components/webhooks-view';
import { useCan } from '@/client/hooks/use-company-role';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { SettingsSubpage } from '../settings-subpage';

/** The company's webhook endpoints at /settings/webhooks: owners only, as the server checks (decision 034). */
export function WebhooksPage() {
  useDocumentTitle('Webhooks — Hireloop');
  const isOwner = useCan('owner');
  return (
    <SettingsSubpage
      title="Webhooks"
      description="Hireloop posts signed events to your systems as they happen: an interview scored or reviewed, a screening scored, a candidate who applied or whose data was deleted."
    >
      {isOwner ? <WebhooksView /> : <p className="text-sm text-slate-600">Only an owner of the company can manage webhooks.</p>}
    </SettingsSubpage>
  );
}
