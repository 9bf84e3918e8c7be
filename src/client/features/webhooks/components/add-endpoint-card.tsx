import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Plus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createWebhookEndpointInput, type CreatedWebhookEndpoint } from '@/contracts/webhooks';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useCreateWebhookEndpoint } from '../api/webhooks';
import { EventChoices } from './event-choices';

type FormInput = z.input<typeof createWebhookEndpointInput>;
type FormOutput = z.output<typeof createWebhookEndpointInput>;

/** 'Add an endpoint' (owners): the address, a description and the events; the answer carries the signing secret. */
export function AddEndpointCard({ onCreated }: { onCreated: (created: CreatedWebhookEndpoint) => void }) {
  const headingId = useId();
  const id = useId();
  const create = useCreateWebhookEndpoint();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createWebhookEndpointInput),
    defaultValues: { url: '', description: '', events: ['interview.completed'] },
  });
  const urlError = errors.url?.message;
  const eventsError = errors.events?.message ?? errors.events?.root?.message;

  const submit = (values: FormOutput) =>
    create.mutate(values, {
      onSuccess: (created) => {
        reset();
        onCreated(created);
        toast({ title: 'Endpoint added', description: `Events will be sent to ${created.endpoint.url}. Copy its signing secret into the receiving system.` });
      },
      onError: (failure) => {
        // A refused address (private network, unknown host, http) is said where it was typed.
        if (errorCode(failure) === 'VALIDATION_FAILED') {
          setError('url', { message: describeError(failure).replace(/^url: /, '') }, { shouldFocus: true });
          return;
        }
        toast({ title: 'Endpoint not added', description: describeError(failure), variant: 'destructive' });
      },
    });

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Add an endpoint
        </CardTitle>
        <CardDescription>An https address of the system that should hear about events. Addresses inside private networks are refused.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
          <fieldset disabled={create.isPending} className="space-y-4">
            <FormField id={`${id}-url`} label="Endpoint URL" error={urlError}>
              <Input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                placeholder="https://ats.example.com/hooks/hireloop"
                autoComplete="off"
                aria-required="true"
                aria-invalid={urlError ? true : undefined}
                aria-describedby={describedBy(`${id}-url`, { error: urlError })}
                {...register('url')}
              />
            </FormField>
            <FormField id={`${id}-description`} label="Description (optional)" error={errors.description?.message}>
              <Input id={`${id}-description`} autoComplete="off" {...register('description')} />
            </FormField>
            <EventChoices id={id} register={register('events')} error={eventsError} />
          </fieldset>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {create.isPending ? 'Adding...' : 'Add endpoint'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
