import type { UseFormRegisterReturn } from 'react-hook-form';
import { WEBHOOK_EVENTS } from '@/contracts/statuses';
import { WEBHOOK_EVENT_LABELS } from '@/contracts/webhooks';
import { FieldError } from '@/client/components/ui/form-message';

/** The events an endpoint subscribes to: one checkbox each, with what it reports. */
export function EventChoices({ id, register, error }: { id: string; register: UseFormRegisterReturn<'events'>; error: string | undefined }) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-events-error` : undefined}>
      <legend className="text-sm font-medium text-slate-900">Events</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <div key={event} className="flex items-start gap-2">
          <input
            id={`${id}-${event}`}
            type="checkbox"
            value={event}
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
            aria-describedby={`${id}-${event}-hint`}
            {...register}
          />
          <div className="text-sm">
            <label htmlFor={`${id}-${event}`} className="font-medium text-slate-900">
              {WEBHOOK_EVENT_LABELS[event].label} <span className="font-mono text-xs text-slate-600">{event}</span>
            </label>
            <p id={`${id}-${event}-hint`} className="text-slate-600">
              {WEBHOOK_EVENT_LABELS[event].description}
            </p>
          </div>
        </div>
      ))}
      <FieldError id={`${id}-events-error`} message={error} />
    </fieldset>
  );
}
