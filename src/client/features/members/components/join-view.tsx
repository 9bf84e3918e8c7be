import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { PublicUser } from '@/contracts/auth';
import { acceptInvitationInput, COMPANY_ROLE_DESCRIPTIONS, COMPANY_ROLE_LABELS, type AcceptInvitationInput, type InvitationView } from '@/contracts/members';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useAcceptInvitation, useInvitation } from '../api/invitation-link';
import { dateFormat } from '../lib/format';

interface JoinViewProps {
  token: string;
  /** The account this browser is signed in as, if any: joining signs it out. */
  signedInAs: string | null;
  onJoined: (user: PublicUser) => void;
}

/** /join/:token: what the invitation offers and the form to accept it, or why the link no longer works. */
export function JoinView({ token, signedInAs, onJoined }: JoinViewProps) {
  const invitation = useInvitation(token);
  if (invitation.isPending) return <Spinner className="size-8 text-brand-600" label="Opening the invitation" />;
  if (invitation.isError) return <ClosedLink error={invitation.error} onRetry={() => void invitation.refetch()} />;
  return <JoinForm token={token} invitation={invitation.data} signedInAs={signedInAs} onJoined={onJoined} />;
}

/** An expired, withdrawn, used or unknown link: what happened, in the server's words, and what to do. */
function ClosedLink({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const code = errorCode(error);
  const title =
    code === 'LINK_NO_LONGER_VALID' ? 'This invitation can no longer be used' : code === 'NOT_FOUND' ? 'This invitation link is not valid' : 'The invitation could not be opened';
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{describeError(error)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {code === 'LINK_NO_LONGER_VALID' || code === 'NOT_FOUND' ? (
          <Button asChild variant="outline">
            <Link href="/auth">Go to sign in</Link>
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** A username the registration rules accept, to start from: the invited address when it is one. */
const suggestedUsername = (email: string) => (acceptInvitationInput.shape.username.safeParse(email).success ? email : '');

function JoinForm({ token, invitation, signedInAs, onJoined }: { token: string; invitation: InvitationView } & Omit<JoinViewProps, 'token'>) {
  const id = useId();
  const accept = useAcceptInvitation(token);
  const invitationQuery = useInvitation(token);
  const role = COMPANY_ROLE_LABELS[invitation.companyRole];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AcceptInvitationInput>({ resolver: zodResolver(acceptInvitationInput), defaultValues: { username: suggestedUsername(invitation.email), password: '' } });
  const usernameError = errors.username?.message;
  const passwordError = errors.password?.message;

  const submit = (values: AcceptInvitationInput) =>
    accept.mutate(values, {
      onSuccess: onJoined,
      onError: (failure) => {
        const code = errorCode(failure);
        if (code === 'NAME_TAKEN') setError('username', { message: describeError(failure) }, { shouldFocus: true });
        // The form checks the same rules first, so a refusal here is the server's own: a password too common to be safe.
        else if (code === 'VALIDATION_FAILED') setError('password', { message: describeError(failure).replace(/^\w+: /, '') }, { shouldFocus: true });
        // The link stopped working while the page was open: show why, instead of the form.
        else if (code === 'LINK_NO_LONGER_VALID' || code === 'NOT_FOUND') void invitationQuery.refetch();
        else toast({ title: 'Could not join', description: describeError(failure), variant: 'destructive' });
      },
    });

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1">
          Join {invitation.companyName} as {role}
        </CardTitle>
        <CardDescription>
          {invitation.invitedBy ? `${invitation.invitedBy} invited ${invitation.email}.` : `An invitation for ${invitation.email}.`} {role}:{' '}
          {COMPANY_ROLE_DESCRIPTIONS[invitation.companyRole]}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
          <fieldset disabled={accept.isPending} className="space-y-4">
            <FormField id={`${id}-username`} label="Username" error={usernameError} hint="You sign in with it. Your work email works well.">
              <Input
                id={`${id}-username`}
                autoComplete="username"
                aria-required="true"
                aria-invalid={usernameError ? true : undefined}
                aria-describedby={describedBy(`${id}-username`, { hint: true, error: usernameError })}
                {...register('username')}
              />
            </FormField>
            <FormField id={`${id}-password`} label="Password" error={passwordError} hint="At least 8 characters. A few unrelated words make a strong one.">
              <Input
                id={`${id}-password`}
                type="password"
                autoComplete="new-password"
                aria-required="true"
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={describedBy(`${id}-password`, { hint: true, error: passwordError })}
                {...register('password')}
              />
            </FormField>
          </fieldset>
          {signedInAs ? (
            <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              This browser is signed in as {signedInAs}. Joining signs it out of that account and into the new one.
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={accept.isPending}>
            {accept.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {accept.isPending ? 'Joining...' : `Join ${invitation.companyName}`}
          </Button>
          <p className="text-center text-sm text-slate-600">
            The invitation is valid until <time dateTime={invitation.expiresAt}>{dateFormat.format(new Date(invitation.expiresAt))}</time>.
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
