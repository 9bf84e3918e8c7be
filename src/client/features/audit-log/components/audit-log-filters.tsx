import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS, AUDIT_SUBJECT_MESSAGE, AUDIT_SUBJECT_PATTERN, auditAction } from '@/contracts/audit';
import { describedBy, FormField } from '@/client/components/form-field';
import { selectClass } from '@/client/components/ui/select-class';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { useAuditActors } from '../api/get-audit-log';
import { hasFilters, NO_FILTERS, type AuditFilterValues } from '../lib/filters';

const filterForm = z
  .object({
    action: z.union([auditAction, z.literal('')]),
    from: z.string(),
    to: z.string(),
    subject: z
      .string()
      .trim()
      .refine((s) => s === '' || AUDIT_SUBJECT_PATTERN.test(s), AUDIT_SUBJECT_MESSAGE),
    actor: z.string(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The last day cannot be before the first day', path: ['to'] });


interface FiltersProps {
  initial: AuditFilterValues;
  onApply: (values: AuditFilterValues) => void;
}

/** The log's filters: what happened, between which days, about what, and who did it. Applying them changes the page's address. */
export function AuditLogFilters({ initial, onApply }: FiltersProps) {
  const id = useId();
  const actors = useAuditActors().data;
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<AuditFilterValues>({ resolver: zodResolver(filterForm), defaultValues: initial });
  // A "Who" from the address selects its option once the users (the options) are there.
  useEffect(() => {
    if (actors && initial.actor) setValue('actor', initial.actor);
  }, [actors, initial.actor, setValue]);
  const subjectError = errors.subject?.message;
  const toError = errors.to?.message;

  return (
    <form noValidate aria-label="Filter the audit log" className="space-y-4" onSubmit={(event) => void handleSubmit(onApply)(event)}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <FormField id={`${id}-action`} label="Action">
          <select id={`${id}-action`} className={selectClass} {...register('action')}>
            <option value="">All actions</option>
            {AUDIT_ACTION_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.actions.map((action) => (
                  <option key={action} value={action}>
                    {AUDIT_ACTION_LABELS[action]}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-from`} label="From">
          <Input id={`${id}-from`} type="date" {...register('from')} />
        </FormField>
        <FormField id={`${id}-to`} label="To" error={toError}>
          <Input id={`${id}-to`} type="date" aria-invalid={toError ? true : undefined} aria-describedby={describedBy(`${id}-to`, { error: toError })} {...register('to')} />
        </FormField>
        <FormField id={`${id}-subject`} label="About" hint="For example interview:12" error={subjectError}>
          <Input
            id={`${id}-subject`}
            placeholder="interview:12"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={describedBy(`${id}-subject`, { hint: true, error: subjectError })}
            {...register('subject')}
          />
        </FormField>
        <FormField id={`${id}-actor`} label="Who">
          <select id={`${id}-actor`} className={selectClass} {...register('actor')}>
            <option value="">Anyone</option>
            {(actors ?? []).map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.username}
              </option>
            ))}
            <option value="system">Hireloop (automatic) or the candidate</option>
            {/* A filter from the address for a user not (or no longer) in the list still shows. */}
            {initial.actor && initial.actor !== 'system' && actors && !actors.some((a) => String(a.id) === initial.actor) ? (
              <option value={initial.actor}>User #{initial.actor}</option>
            ) : null}
          </select>
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        {hasFilters(initial) ? (
          <Button type="button" variant="ghost" onClick={() => onApply(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}
