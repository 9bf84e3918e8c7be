import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createWebhookEndpointInput, type WebhookEndpoint } from '@/contracts/webhooks';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useUpdateWebhookEndpoint } from '../api/webhooks';
import { EventChoices } from './event-choices';

type FormInput = z.input<typeof createWebhookEndpointInput>;
type FormOutput = z.output<typeof createWebhookEndpointInput>;

/** The form inside the dialog: mounted when it opens, so it starts from the endpoint as it is now. */
function EditEndpointForm({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const id = useId();
  const update = useUpdateWebhookEndpoint();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createWebhookEndpointInput),
    defaultValues: { url: endpoint.url, description: endpoint.description, events: endpoint.events },
  });
  const urlError = errors.url?.message;
  const submit = (values: FormOutput) =>
    update.mutate(
      { id: endpoint.id, ...values },
      {
        onSuccess: () => {
          toast({ title: 'Endpoint saved', description: 'Events from now on follow the new settings.' });
          onClose();
        },
        onError: (failure) => {
          if (errorCode(failure) === 'VALIDATION_FAILED') {
            setError('url', { message: describeError(failure).replace(/^url: /, '') }, { shouldFocus: true });
            return;
          }
          toast({ title: 'Endpoint not saved', description: describeError(failure), variant: 'destructive' });
        },
      },
    );
  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
      <fieldset disabled={update.isPending} className="space-y-4">
        <FormField id={`${id}-url`} label="Endpoint URL" error={urlError}>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
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
        <EventChoices id={id} register={register('events')} error={errors.events?.message ?? errors.events?.root?.message} />
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={update.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {update.isPending ? 'Saving...' : 'Save endpoint'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Changing an endpoint's address, description or events (a new address is checked as when adding it). */
export function EditEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  return (
    <Dialog open={endpoint !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit endpoint</DialogTitle>
          <DialogDescription>Deliveries already waiting keep their event; retries go to the new address.</DialogDescription>
        </DialogHeader>
        {endpoint ? <EditEndpointForm endpoint={endpoint} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
