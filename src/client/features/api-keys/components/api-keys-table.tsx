import { X } from 'lucide-react';
import { useState } from 'react';
import { API_KEY_SCOPE_LABELS, type ApiKey } from '@/contracts/api-keys';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { useRevokeApiKey } from '../api/manage-api-keys';
import { TableScroll } from '@/client/components/ui/table-scroll';

/** A day and time as the viewer's locale writes it. */
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function When({ at }: { at: string }) {
  return <time dateTime={at}>{timeFormat.format(new Date(at))}</time>;
}

/** The company's keys: name, scope, the key's first characters, who made it and when, its last use, and Revoke. */
export function ApiKeysTable({ keys }: { keys: ApiKey[] }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  if (keys.length === 0) return <p className="text-sm text-slate-600">No API keys yet.</p>;
  return (
    <TableScroll>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">API keys</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Name</th>
            <th scope="col" className="py-2 pr-4 font-medium">Scope</th>
            <th scope="col" className="py-2 pr-4 font-medium">Key</th>
            <th scope="col" className="py-2 pr-4 font-medium">Created</th>
            <th scope="col" className="py-2 pr-4 font-medium">Last used</th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {keys.map((k) => (
            <tr key={k.id} className="align-middle">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                {k.name}
              </th>
              <td className="py-2 pr-4 whitespace-nowrap">{API_KEY_SCOPE_LABELS[k.scope]}</td>
              <td className="py-2 pr-4 font-mono whitespace-nowrap">{k.prefix}…</td>
              <td className="py-2 pr-4">
                <When at={k.createdAt} />
                <span className="block text-xs text-slate-600">by {k.createdBy}</span>
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">{k.lastUsedAt ? <When at={k.lastUsedAt} /> : 'Never'}</td>
              <td className="py-2 text-right">
                {k.revokedAt ? (
                  <Badge variant="secondary">Revoked</Badge>
                ) : (
                  <Button type="button" variant="outline" size="sm" onClick={() => setRevoking(k)}>
                    <X aria-hidden="true" />
                    Revoke<span className="sr-only"> {k.name}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </TableScroll>
  );
}

/** The confirmation before a key is revoked: whatever uses it is refused from then on. */
function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey, {
      onSuccess: () => {
        toast({ title: 'Key revoked', description: `${apiKey.name} no longer works.` });
        onClose();
      },
      // A failure raises the hook's toast; the dialog stays open to try again or cancel.
    });
  };
  return (
    <ConfirmDialog
      open={apiKey !== null}
      title={`Revoke ${apiKey?.name}?`}
      description="Every request made with this key is refused from now on. This cannot be undone: a system that needs access again needs a new key."
      confirmLabel="Revoke key"
      pendingLabel="Revoking..."
      isPending={revoke.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
