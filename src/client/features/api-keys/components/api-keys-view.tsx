import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { useCan } from '@/client/hooks/use-company-role';
import { describeError } from '@/client/lib/error-messages';
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
          {keys.isPending ? (
            <Spinner className="size-6 text-brand-600" label="Loading the keys" />
          ) : keys.isError ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
              <p>The keys could not be loaded. {describeError(keys.error)}</p>
              <Button type="button" variant="outline" size="sm" onClick={() => void keys.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <ApiKeysTable keys={keys.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
