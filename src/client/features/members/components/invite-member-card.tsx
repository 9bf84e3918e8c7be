import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { COMPANY_ROLE_DESCRIPTIONS, COMPANY_ROLE_LABELS, inviteMemberInput, type InviteMemberInput } from '@/contracts/members';
import { COMPANY_ROLES, MEMBER_INVITATION_DAYS } from '@/contracts/statuses';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useInviteMember } from '../api/manage-members';
import { selectClass } from '@/client/components/ui/select-class';

/** 'Invite a member' (owners): an address and a role; the invitee gets an email with a link to join. */
export function InviteMemberCard() {
  const headingId = useId();
  const id = useId();
  const invite = useInviteMember();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteMemberInput>({ resolver: zodResolver(inviteMemberInput), defaultValues: { email: '', companyRole: 'recruiter' } });
  const role = useWatch({ control, name: 'companyRole' });
  const emailError = errors.email?.message;

  const submit = (values: InviteMemberInput) =>
    invite.mutate(values, {
      onSuccess: (sent) => {
        reset({ email: '', companyRole: values.companyRole });
        toast({
          title: 'Invitation sent',
          description: `${sent.email} will get an email with a link to join as ${COMPANY_ROLE_LABELS[sent.companyRole]}. The link works for ${MEMBER_INVITATION_DAYS} days.`,
        });
      },
      onError: (failure) => {
        // The address is refused (already a member, or not an address): said where it was typed.
        const code = errorCode(failure);
        if (code === 'ALREADY_MEMBER' || code === 'VALIDATION_FAILED') {
          setError('email', { message: describeError(failure).replace(/^email: /, '') }, { shouldFocus: true });
          return;
        }
        toast({ title: 'Invitation not sent', description: describeError(failure), variant: 'destructive' });
      },
    });

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Invite a member
        </CardTitle>
        <CardDescription>
          They get an email with a link to choose a username and password. The link works once, for {MEMBER_INVITATION_DAYS} days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
          <fieldset disabled={invite.isPending} className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-email`} label="Email address" error={emailError}>
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="off"
                aria-required="true"
                aria-invalid={emailError ? true : undefined}
                aria-describedby={describedBy(`${id}-email`, { error: emailError })}
                {...register('email')}
              />
            </FormField>
            <FormField id={`${id}-role`} label="Role" hint={COMPANY_ROLE_DESCRIPTIONS[role]}>
              <select id={`${id}-role`} className={selectClass} aria-describedby={describedBy(`${id}-role`, { hint: true })} {...register('companyRole')}>
                {COMPANY_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {COMPANY_ROLE_LABELS[value]}
                  </option>
                ))}
              </select>
            </FormField>
          </fieldset>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
