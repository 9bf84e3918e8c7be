import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { QueryState } from '@/client/components/query-state';
import { useCan } from '@/client/hooks/use-company-role';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyCard } from './create-api-key-card';

/**
 * The company's API keys at /settings/api-keys (decision 033): owners create, read and revoke them;
 * other members are told who can (the server refuses them the list anyway).
 */
export function ApiKeysView() {
  const headingId = useId();
  const isOwner = useCan('owner');
  const keys = useApiKeys(isOwner);
  if (!isOwner) return <p className="max-w-3xl text-sm text-slate-600">Only an owner of the company can create and revoke API keys.</p>;
  return (
    <div className="space-y-6">
      <CreateApiKeyCard />
      <Card role="region" aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle as="h2" id={headingId}>
            Keys
          </CardTitle>
          <CardDescription>Revoking a key makes it stop working at once. Only the first characters of each key are kept for this list.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState query={keys} loading="Loading the keys" failed="The keys could not be loaded." spinnerSize="size-6">
            {(data) => <ApiKeysTable keys={data} />}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
