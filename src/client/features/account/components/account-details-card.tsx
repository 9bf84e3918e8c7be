import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accountUpdateInput, type AccountView } from '@/contracts/account';
import type { CompanyRole } from '@/contracts/statuses';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { QueryState } from '@/client/components/query-state';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useAccount, useUpdateAccount } from '../api/account';

type FormInput = z.input<typeof accountUpdateInput>;
type FormValues = z.output<typeof accountUpdateInput>;

const ROLE_LABELS: Record<CompanyRole, string> = { viewer: 'Viewer', recruiter: 'Recruiter', owner: 'Owner' };

/** 'Your account': who is signed in, in which company and role, and where their email goes. */
export function AccountDetailsCard() {
  const headingId = useId();
  const account = useAccount();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Your account
        </CardTitle>
        <CardDescription>Who you are signed in as. Your role in the company is set by its owners.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={account} loading="Loading your account" failed="Your account could not be loaded.">
          {(data) => (
            <div className="space-y-6">
              <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="font-medium text-slate-500">Username</dt>
                <dd className="text-slate-900">{data.username}</dd>
                <dt className="font-medium text-slate-500">Company</dt>
                <dd className="text-slate-900">{data.companyName}</dd>
                <dt className="font-medium text-slate-500">Role</dt>
                <dd className="text-slate-900">{ROLE_LABELS[data.companyRole]}</dd>
              </dl>
              <EmailForm saved={data} />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function EmailForm({ saved }: { saved: AccountView }) {
  const id = useId();
  const update = useUpdateAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(accountUpdateInput), defaultValues: { email: saved.email ?? '' } });
  const error = errors.email?.message;

  const submit = (values: FormValues) =>
    update.mutate(values, {
      onSuccess: (result) => {
        reset({ email: result.email ?? '' });
        toast({ title: 'Email saved', description: result.email ? `Password reset links now go to ${result.email}.` : 'No email address is set.' });
      },
      onError: (failure) => {
        if (errorCode(failure) === 'VALIDATION_FAILED') {
          setError('email', { message: describeError(failure).replace(/^email: /, '') }, { shouldFocus: true });
          return;
        }
        toast({ title: 'Email not saved', description: describeError(failure), variant: 'destructive' });
      },
    });

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
      <fieldset disabled={update.isPending} className="max-w-md">
        <FormField
          id={id}
          label="Email"
          hint="Password reset links and notifications go here. Left empty, they go to your username when it is an email address."
          error={error}
        >
          <Input
            id={id}
            type="email"
            autoComplete="email"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, { hint: true, error })}
            {...register('email')}
          />
        </FormField>
      </fieldset>
      <Button type="submit" disabled={update.isPending || !isDirty}>
        {update.isPending ? (
          <>
            <LoaderCircle className="animate-spin" aria-hidden="true" />
            Saving...
          </>
        ) : (
          'Save email'
        )}
      </Button>
    </form>
  );
}
