import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { PASSWORD_RESET_MINUTES } from '@/contracts/statuses';
import { passwordResetRequestInput, type PasswordResetRequestInput } from '@/contracts/account';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { useRequestPasswordReset } from '../api/password-reset';
import { PublicFrame } from '@/client/components/public-frame';

/** /forgot-password: one field, then the same answer whether or not an account matched. */
export function ForgotPasswordView() {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequestInput>({ resolver: zodResolver(passwordResetRequestInput), defaultValues: { usernameOrEmail: '' } });
  const error = form.formState.errors.usernameOrEmail?.message;
  const submit = (values: PasswordResetRequestInput) =>
    request.mutate(values);

  return (
    <PublicFrame>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1">Forgot your password?</CardTitle>
          <CardDescription>Enter your username or the email address of your account, and we will email you a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent>
          {request.isSuccess ? (
            <div role="status" className="space-y-4">
              <p className="flex gap-3 rounded-md border border-green-200 bg-green-50 px-3 py-3 text-sm text-green-900">
                <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  {request.data.message}. The link works for {PASSWORD_RESET_MINUTES} minutes. Nothing arrived? Check your spam folder. A link
                  can only go to the email address saved on the account, or to a username that is an email address.
                </span>
              </p>
              <Link href="/auth" className="text-sm font-medium text-brand-700 underline underline-offset-4">
                Back to sign in
              </Link>
            </div>
          ) : (
            <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
              <FormField id="forgot-username" label="Username or email" error={error}>
                <Input
                  id="forgot-username"
                  autoComplete="username"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy('forgot-username', { error })}
                  {...form.register('usernameOrEmail')}
                />
              </FormField>
              <Button type="submit" className="w-full" disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
