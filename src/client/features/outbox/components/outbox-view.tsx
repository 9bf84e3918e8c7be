import { Check, Copy, MailWarning } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/use-toast';
import { useCompanyOutbox } from '@/client/hooks/use-company-outbox';
import { useCopyToClipboard } from '@/client/hooks/use-copy-to-clipboard';
import { describeError } from '@/client/lib/error-messages';
import { MAIL_SERVER_HINT, type OutboxMessage } from '@/contracts/outbox';

const KIND_LABEL: Record<OutboxMessage['kind'], string> = {
  invitation: 'Invitation',
  reminder: 'Reminder',
  application_confirmation: 'Application received',
  application_resent: 'Link sent again after a repeat application',
  deletion_held: 'Deletion on hold',
};

const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The candidate's link, selectable, with a button that copies it. */
function LinkToCopy({ link, candidateName }: { link: string; candidateName: string }) {
  const { isCopied, copy } = useCopyToClipboard(2000);
  const copyLink = () =>
    copy(link).then(
      () => toast({ title: 'Link copied', description: `${candidateName}'s interview link has been copied to the clipboard.` }),
      () => toast({ title: 'Could not copy the link', description: `Your browser blocked the clipboard. Select the link and copy it: ${link}`, variant: 'destructive' }),
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        readOnly
        value={link}
        aria-label={`Interview link for ${candidateName}`}
        onFocus={(event) => event.currentTarget.select()}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-800"
      />
      <Button type="button" variant="outline" size="sm" onClick={() => void copyLink()} aria-label={`Copy the link for ${candidateName}`}>
        {isCopied ? <Check className="text-green-600" aria-hidden="true" /> : <Copy aria-hidden="true" />}
        Copy Link
      </Button>
    </div>
  );
}

function MessageItem({ message }: { message: OutboxMessage }) {
  return (
    <li className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium text-slate-900">
          {message.candidateName ?? message.toAddress}
          <span className="font-normal text-slate-600"> · {message.toAddress}</span>
        </p>
        <p className="text-xs text-slate-600">
          {KIND_LABEL[message.kind]} · {when(message.createdAt)}
        </p>
      </div>
      <p className="text-sm text-slate-800">{message.subject}</p>
      {message.status === 'failed' ? (
        <p className="text-sm text-red-700">The mail server refused this email{message.lastError ? `: ${message.lastError}` : ''}. Send the link another way.</p>
      ) : null}
      {message.candidateLink ? <LinkToCopy link={message.candidateLink} candidateName={message.candidateName ?? message.toAddress} /> : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">The whole email</summary>
        <p className="mt-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 whitespace-pre-wrap text-slate-700">{message.body}</p>
      </details>
    </li>
  );
}

/** The company's outbox at /settings/outbox: what waits for a mail server, with each candidate's link to send by hand. */
export function OutboxView() {
  const outbox = useCompanyOutbox();
  if (outbox.isPending) return <Spinner label="Loading the outbox" />;
  if (outbox.isError) return <p className="text-sm text-red-700">{describeError(outbox.error)}</p>;
  const { hasMailServer, messages } = outbox.data;
  return (
    <div className="space-y-6">
      {!hasMailServer ? (
        <p className="flex max-w-3xl gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>No mail server is connected, so no email leaves Hireloop: copy each candidate&apos;s link below and send it yourself. {MAIL_SERVER_HINT}</span>
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Waiting emails ({messages.length})</CardTitle>
          <CardDescription>
            {messages.length === 0
              ? 'Nothing is waiting: every email to your candidates has been handed to the mail server.'
              : 'Emails to your candidates that no mail server has taken yet, newest first.'}
          </CardDescription>
        </CardHeader>
        {messages.length > 0 ? (
          <CardContent className="p-0">
            <ul className="divide-y divide-slate-100 border-t border-slate-100">
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </ul>
          </CardContent>
        ) : null}
      </Card>
    </div>
  );
}
