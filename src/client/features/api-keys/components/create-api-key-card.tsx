import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, KeyRound, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { API_KEY_SCOPE_DESCRIPTIONS, API_KEY_SCOPE_LABELS, createApiKeyInput, type CreateApiKeyInput, type CreatedApiKey } from '@/contracts/api-keys';
import { API_KEY_SCOPES } from '@/contracts/statuses';
import { describedBy, FormField } from '@/client/components/form-field';
import { selectClass } from '@/client/components/ui/select-class';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useCreateApiKey } from '../api/manage-api-keys';


/** 'Create an API key' (owners): a name and a scope; the new key is then shown once, with a copy button. */
export function CreateApiKeyCard() {
  const headingId = useId();
  const id = useId();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateApiKeyInput>({ resolver: zodResolver(createApiKeyInput), defaultValues: { name: '', scope: 'read' } });
  const scope = useWatch({ control, name: 'scope' });
  const nameError = errors.name?.message;

  const submit = (values: CreateApiKeyInput) =>
    create.mutate(values, {
      onSuccess: (key) => {
        reset({ name: '', scope: values.scope });
        setCreated(key);
      },
      onError: (failure) => {
        if (errorCode(failure) === 'VALIDATION_FAILED') {
          setError('name', { message: describeError(failure).replace(/^name: /, '') }, { shouldFocus: true });
          return;
        }
        toast({ title: 'Key not created', description: describeError(failure), variant: 'destructive' });
      },
    });

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Create an API key
        </CardTitle>
        <CardDescription>Name it after the system that will use it. The key is shown once, when it is made.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
          <fieldset disabled={create.isPending} className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-name`} label="Key name" error={nameError}>
              <Input
                id={`${id}-name`}
                autoComplete="off"
                aria-required="true"
                aria-invalid={nameError ? true : undefined}
                aria-describedby={describedBy(`${id}-name`, { error: nameError })}
                {...register('name')}
              />
            </FormField>
            <FormField id={`${id}-scope`} label="Scope" hint={API_KEY_SCOPE_DESCRIPTIONS[scope]}>
              <select id={`${id}-scope`} className={selectClass} aria-describedby={describedBy(`${id}-scope`, { hint: true })} {...register('scope')}>
                {API_KEY_SCOPES.map((value) => (
                  <option key={value} value={value}>
                    {API_KEY_SCOPE_LABELS[value]}
                  </option>
                ))}
              </select>
            </FormField>
          </fieldset>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
            {create.isPending ? 'Creating...' : 'Create key'}
          </Button>
        </form>
        {created ? <NewApiKey created={created} onDone={() => setCreated(null)} /> : null}
      </CardContent>
    </Card>
  );
}

/** The new key, this once: read-only, selectable, with a copy button and the warning that it will not be shown again. */
function NewApiKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const id = useId();
  const [isCopied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(created.key).then(
      () => setCopied(true),
      () => toast({ title: 'Not copied', description: 'Select the key and copy it yourself.', variant: 'destructive' }),
    );
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-md border border-green-300 bg-green-50 p-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Your new key: {created.name}
      </h3>
      <p id={`${id}-warning`} className="text-sm text-slate-700">
        Copy this key now and keep it somewhere safe: it will not be shown again. If it is lost, revoke it and create another.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-key`} className="sr-only">
          API key
        </label>
        <Input id={`${id}-key`} readOnly value={created.key} aria-describedby={`${id}-warning`} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={copy}>
          {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {isCopied ? 'Copied' : 'Copy key'}
        </Button>
      </div>
      <Button type="button" size="sm" onClick={onDone}>
        I have copied the key
      </Button>
    </section>
  );
}
