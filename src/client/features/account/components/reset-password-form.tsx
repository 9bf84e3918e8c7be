import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { passwordResetInput, type PasswordResetInput } from '@/contracts/account';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode, isNetworkError } from '@/client/lib/error-messages';
import { useCompletePasswordReset, useResetLink } from '../api/password-reset';
import { PublicFrame } from '@/client/components/public-frame';

/** /reset-password/:token: a new password for the link's account, or why the link no longer works. */
export function ResetPasswordView({ token }: { token: string }) {
  const link = useResetLink(token);
  return (
    <PublicFrame>
      {link.isPending ? (
        <Spinner className="size-8 text-brand-600" label="Checking the link" />
      ) : link.isError ? (
        <LinkProblem error={link.error} onRetry={() => void link.refetch()} />
      ) : (
        <NewPasswordForm token={token} username={link.data.username} />
      )}
    </PublicFrame>
  );
}

/** Expired, used, unknown (or unreachable): the server's sentence, and the way to a new link. */
function LinkProblem({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const offline = isNetworkError(error);
  const title = offline ? 'The link could not be checked' : errorCode(error) === 'LINK_NO_LONGER_VALID' ? 'This link no longer works' : 'This link is not valid';
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="flex items-center gap-2">
          <LinkIcon className="size-5 text-slate-500" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{describeError(error, RESET_LINK_FALLBACK)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        {offline && onRetry ? (
          <Button type="button" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        <Button asChild variant={offline ? 'outline' : 'default'}>
          <Link href="/forgot-password">Ask for a new link</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

const RESET_LINK_FALLBACK = 'This password reset link cannot be used. Ask for a new one.';

function NewPasswordForm({ token, username }: { token: string; username: string }) {
  const complete = useCompletePasswordReset(token);
  const form = useForm<PasswordResetInput>({ resolver: zodResolver(passwordResetInput), defaultValues: { password: '' } });
  const error = form.formState.errors.password?.message;
  const refused = complete.error && ['LINK_NO_LONGER_VALID', 'NOT_FOUND'].includes(errorCode(complete.error) ?? '') ? complete.error : null;
  if (refused) return <LinkProblem error={refused} />;

  const submit = (values: PasswordResetInput) =>
    complete.mutate(values, {
      onError: (failure) => {
        if (errorCode(failure) === 'VALIDATION_FAILED') {
          form.setError('password', { message: describeError(failure).replace(/^password: /, '') }, { shouldFocus: true });
        } else if (!['LINK_NO_LONGER_VALID', 'NOT_FOUND'].includes(errorCode(failure) ?? '')) {
          toast({ title: 'Password not set', description: describeError(failure), variant: 'destructive' });
        }
      },
    });

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="flex items-center gap-2">
          <KeyRound className="size-5 text-brand-600" aria-hidden="true" />
          Choose a new password
        </CardTitle>
        <CardDescription>
          For the account <strong className="font-semibold text-slate-900">{username}</strong>. Every browser signed in to it is signed out, and
          you are signed in here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          {/* For password managers: the account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <FormField id="reset-password" label="New password" hint="At least 8 characters. A few unrelated words make a strong one." error={error}>
            <Input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy('reset-password', { hint: true, error })}
              {...form.register('password')}
            />
          </FormField>
          <Button type="submit" className="w-full" disabled={complete.isPending}>
            {complete.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
