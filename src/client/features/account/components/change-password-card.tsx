import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { passwordChangeInput, type PasswordChangeInput } from '@/contracts/account';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useChangePassword } from '../api/account';

/** 'Change password': the current one, then the new one; every other session ends. */
export function ChangePasswordCard() {
  const headingId = useId();
  const currentId = useId();
  const newId = useId();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordChangeInput>({ resolver: zodResolver(passwordChangeInput), defaultValues: { currentPassword: '', newPassword: '' } });
  const currentError = errors.currentPassword?.message;
  const newError = errors.newPassword?.message;

  const submit = (values: PasswordChangeInput) =>
    change.mutate(values, {
      onSuccess: ({ ended }) => {
        reset();
        toast({
          title: 'Password changed',
          description: ended === 0 ? 'You had no other sessions.' : `${ended} other session${ended === 1 ? '' : 's'} signed out.`,
        });
      },
      onError: (failure) => {
        // The server's sentence under the field it is about: a wrong current password, or a new one it refuses.
        const code = errorCode(failure);
        if (code === 'WRONG_CURRENT_PASSWORD') return setError('currentPassword', { message: describeError(failure) }, { shouldFocus: true });
        if (code === 'VALIDATION_FAILED') {
          return setError('newPassword', { message: describeError(failure).replace(/^newPassword: /, '') }, { shouldFocus: true });
        }
        toast({ title: 'Password not changed', description: describeError(failure), variant: 'destructive' });
      },
    });

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Change password
        </CardTitle>
        <CardDescription>Every other browser signed in to your account is signed out; this one stays signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
          <fieldset disabled={change.isPending} className="max-w-md space-y-4">
            <FormField id={currentId} label="Current password" error={currentError}>
              <Input
                id={currentId}
                type="password"
                autoComplete="current-password"
                aria-invalid={currentError ? true : undefined}
                aria-describedby={describedBy(currentId, { error: currentError })}
                {...register('currentPassword')}
              />
            </FormField>
            <FormField id={newId} label="New password" hint="At least 8 characters. A few unrelated words make a strong one." error={newError}>
              <Input
                id={newId}
                type="password"
                autoComplete="new-password"
                aria-invalid={newError ? true : undefined}
                aria-describedby={describedBy(newId, { hint: true, error: newError })}
                {...register('newPassword')}
              />
            </FormField>
          </fieldset>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? (
              <>
                <LoaderCircle className="animate-spin" aria-hidden="true" />
                Changing password...
              </>
            ) : (
              'Change password'
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
