import { LoaderCircle, MailWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { NOTIFICATION_KIND_DESCRIPTIONS, NOTIFICATION_KIND_LABELS, type NotificationChoices, type NotificationSettingsView } from '@/contracts/notifications';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/contracts/statuses';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Label } from '@/client/components/ui/label';
import { QueryState } from '@/client/components/query-state';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

/** 'Emails you get': the signed-in member's own choice of notification emails (every role). */
export function NotificationSettingsCard() {
  const headingId = useId();
  const settings = useNotificationSettings();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Emails you get
        </CardTitle>
        <CardDescription>
          Only about your own company, and only to you: each member of your team chooses their own. Every email has a link that turns its kind off.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={settings} loading="Loading your notification settings" failed="Your notification settings could not be loaded.">
          {(data) => (
            <ChoicesForm saved={data} />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function ChoicesForm({ saved }: { saved: NotificationSettingsView }) {
  const id = useId();
  const update = useUpdateNotificationSettings();
  const [choices, setChoices] = useState<NotificationChoices>(saved.choices);
  const isChanged = NOTIFICATION_KINDS.some((kind) => choices[kind] !== saved.choices[kind]);
  const toggle = (kind: NotificationKind, on: boolean) => setChoices((current) => ({ ...current, [kind]: on }));

  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(choices, { onSuccess: (result) => setChoices(result.choices) });
      }}
    >
      <Address address={saved.address} />
      <fieldset disabled={update.isPending} className="space-y-4">
        <legend className="sr-only">Send me an email</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <div key={kind} className="flex items-start gap-3">
            <Checkbox
              id={`${id}-${kind}`}
              checked={choices[kind]}
              onCheckedChange={(checked) => toggle(kind, checked === true)}
              aria-describedby={`${id}-${kind}-hint`}
              className="mt-0.5"
            />
            <div className="space-y-1">
              <Label htmlFor={`${id}-${kind}`}>{NOTIFICATION_KIND_LABELS[kind]}</Label>
              <p id={`${id}-${kind}-hint`} className="text-sm text-slate-600">
                {NOTIFICATION_KIND_DESCRIPTIONS[kind]}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <Button type="submit" disabled={update.isPending || !isChanged}>
        {update.isPending ? (
          <>
            <LoaderCircle className="animate-spin" aria-hidden="true" />
            Saving...
          </>
        ) : (
          'Save'
        )}
      </Button>
    </form>
  );
}

/** Where the emails go, or why none can be sent. */
function Address({ address }: { address: string | null }) {
  if (address) {
    return (
      <p className="text-sm text-slate-700">
        Emails go to <span className="font-medium text-slate-900">{address}</span>.{' '}
        <Link href="/account" className="text-brand-700 underline underline-offset-4">
          Change it on your account page
        </Link>
      </p>
    );
  }
  return (
    <p role="status" className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        We have no email address for you, so none of these emails can be sent.{' '}
        <Link href="/account" className="underline underline-offset-4">
          Add one on your account page
        </Link>
        .
      </span>
    </p>
  );
}
