import { useId, useState, type FormEvent } from 'react';
import type { AlternativeKind, AlternativeRequest } from '@/contracts/consent';
import { Button } from '@/client/components/ui/button';
import { Textarea } from '@/client/components/ui/textarea';
import { formatCandidateDay } from '@/client/lib/candidate-dates';
import { describeError } from '@/client/lib/error-messages';
import { useRequestAlternative } from '../api/notice';

/** The candidate's words for each kind (the recruiter's are in the contract). Typed by the contract, so a new kind cannot be forgotten here. */
const CHOICES: Record<AlternativeKind, string> = {
  human_interview: 'An interview with a person instead of the AI',
  more_time: 'More time to answer',
  typed_answers: 'To type my answers instead of speaking',
  other: 'Another accommodation',
};
const ASKED_FOR: Record<AlternativeKind, string> = {
  human_interview: 'an interview with a person',
  more_time: 'more time',
  typed_answers: 'typed answers',
  other: 'an accommodation',
};
const KINDS = Object.keys(CHOICES) as AlternativeKind[];
const MESSAGE_MAX = 2000;

interface AlternativeRequestSectionProps {
  interviewId: number;
  token: string;
  /** The candidate's requests so far; undefined while loading. */
  requests: AlternativeRequest[] | undefined;
}

/**
 * "Prefer another way?": before starting, the candidate may ask for a person instead of the AI, or
 * for an accommodation, with an optional message (decision 025). The recruiters are told at once;
 * the candidate sees the request was sent and may still take the AI interview. Inline, no dialog
 * code on this page (decision 016).
 */
export function AlternativeRequestSection({ interviewId, token, requests }: AlternativeRequestSectionProps) {
  const send = useRequestAlternative(interviewId, token);
  const [isOpen, setIsOpen] = useState(false);
  const [kind, setKind] = useState<AlternativeKind | null>(null);
  const [message, setMessage] = useState('');
  const [missingKind, setMissingKind] = useState(false);
  const headingId = useId();
  const messageId = useId();
  const kindErrorId = useId();

  const asked = requests ?? [];
  const openKinds = new Set(asked.filter((r) => r.status === 'open').map((r) => r.kind));
  const canAskMore = KINDS.some((k) => !openKinds.has(k));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind) {
      setMissingKind(true);
      return;
    }
    send.mutate(
      { kind, message: message.trim() || null },
      {
        onSuccess: () => {
          setIsOpen(false);
          setKind(null);
          setMessage('');
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2 text-sm text-slate-700">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Prefer another way?
      </h2>
      <p>
        If you would rather be interviewed by a person, or need an accommodation such as more time or typing your answers, you can ask here. The
        recruiters are told at once.
      </p>
      {asked.length > 0 ? (
        <ul role="status" className="space-y-1">
          {asked.map((r) => (
            <li key={r.id} className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-slate-800">
              {r.status === 'resolved' && r.resolvedAt
                ? `You asked for ${ASKED_FOR[r.kind]} on ${formatCandidateDay(r.requestedAt)}. The recruiters dealt with your request on ${formatCandidateDay(r.resolvedAt)}.`
                : `Your request for ${ASKED_FOR[r.kind]} was sent on ${formatCandidateDay(r.requestedAt)}. The recruiters have been told and will get back to you. You can still take the AI interview if you want to.`}
            </li>
          ))}
        </ul>
      ) : null}
      {isOpen ? (
        <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-md border border-slate-200 p-4">
          <fieldset className="space-y-1.5" aria-describedby={missingKind && !kind ? kindErrorId : undefined}>
            <legend className="font-medium text-slate-900">What would you like?</legend>
            {KINDS.map((value) => {
              const alreadyAsked = openKinds.has(value);
              return (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${headingId}-kind`}
                    checked={kind === value}
                    disabled={alreadyAsked}
                    onChange={() => {
                      setKind(value);
                      setMissingKind(false);
                    }}
                    className="size-4 accent-brand-600"
                  />
                  {CHOICES[value]}
                  {alreadyAsked ? <span className="text-slate-500">(already asked)</span> : null}
                </label>
              );
            })}
            {missingKind && !kind ? (
              <p id={kindErrorId} role="alert" className="text-red-700">
                Choose what you would like.
              </p>
            ) : null}
          </fieldset>
          <div className="space-y-1">
            <label htmlFor={messageId} className="font-medium text-slate-900">
              Message (optional)
            </label>
            <Textarea
              id={messageId}
              value={message}
              maxLength={MESSAGE_MAX}
              rows={3}
              onChange={(event) => setMessage(event.target.value)}
              aria-describedby={`${messageId}-hint`}
            />
            <p id={`${messageId}-hint`} className="text-slate-600">
              For example what you need, or how and when the recruiters can best reach you.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send request'}
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={send.isPending} onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
          </div>
          {send.isError ? (
            <p role="alert" className="text-red-700">
              {describeError(send.error)}
            </p>
          ) : null}
        </form>
      ) : canAskMore ? (
        <Button type="button" variant="outline" size="sm" onClick={() => setIsOpen(true)} disabled={requests === undefined}>
          Ask for an alternative
        </Button>
      ) : null}
    </section>
  );
}
