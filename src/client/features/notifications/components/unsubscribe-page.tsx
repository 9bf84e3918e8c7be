import { BellOff, LinkIcon, LoaderCircle, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { UnsubscribeView } from '@/contracts/notifications';
import { PublicFrame } from '@/client/components/public-frame';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { describeError, isNetworkError } from '@/client/lib/error-messages';
import { useUnsubscribe, useUnsubscribeLink } from '../api/unsubscribe';

const LINK_FALLBACK = 'This unsubscribe link cannot be used. Choose your emails in your notification settings.';

/**
 * /unsubscribe?token=… (public: the link in every notification email). Opening it only shows what
 * it turns off; the person's click does it, so a mail scanner that opens links unsubscribes nobody.
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe — Hireloop');
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const link = useUnsubscribeLink(token);
  return (
    <PublicFrame backToSignIn={false}>
      {!token ? (
        <LinkProblem error={null} />
      ) : link.isPending ? (
        <Spinner className="size-8 text-brand-600" label="Checking the link" />
      ) : link.isError ? (
        <LinkProblem error={link.error} onRetry={() => void link.refetch()} />
      ) : (
        <Unsubscribe token={token} view={link.data} />
      )}
    </PublicFrame>
  );
}

function Unsubscribe({ token, view }: { token: string; view: UnsubscribeView }) {
  const unsubscribe = useUnsubscribe(token);
  const name = `“${view.label}”`;
  if (!view.subscribed) {
    return (
      <Frame icon={<MailCheck className="size-5 text-emerald-600" aria-hidden="true" />} title="You are unsubscribed">
        <p className="text-sm text-slate-700">You will no longer get {name} emails.</p>
      </Frame>
    );
  }
  return (
    <Frame icon={<BellOff className="size-5 text-slate-500" aria-hidden="true" />} title="Unsubscribe from these emails?">
      <p className="text-sm text-slate-700">You will no longer get {name} emails. Your other notification emails stay as they are.</p>
      {unsubscribe.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {describeError(unsubscribe.error, LINK_FALLBACK)}
        </p>
      ) : null}
      <Button type="button" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Unsubscribe
      </Button>
    </Frame>
  );
}

/** Not valid (altered, or its member is no longer in the company), or not checked because the server could not be reached. */
function LinkProblem({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const offline = error !== null && isNetworkError(error);
  return (
    <Frame icon={<LinkIcon className="size-5 text-slate-500" aria-hidden="true" />} title={offline ? 'The link could not be checked' : 'This link is not valid'}>
      <p className="text-sm text-slate-700">{error === null ? LINK_FALLBACK : describeError(error, LINK_FALLBACK)}</p>
      {offline && onRetry ? (
        <Button type="button" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Frame>
  );
}

function Frame({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
        <CardDescription>Emails from Hireloop about your company&apos;s candidates.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {children}
        <p className="text-sm text-slate-600">
          <Link href="/settings/notifications" className="text-brand-700 underline underline-offset-4">
            Choose which emails you get
          </Link>{' '}
          in your notification settings (you may need to sign in).
        </p>
      </CardContent>
    </Card>
  );
}
