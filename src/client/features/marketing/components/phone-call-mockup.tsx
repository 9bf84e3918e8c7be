import { CircleCheck, NotebookPen, PhoneCall, Play } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { ScoreBar } from './score-bar';

const AGENT_NAME = 'Alex';

const SAMPLE_NOTES = [
  'Available for weekend and evening shifts',
  'Two years of front-of-house experience',
  'Can start within two weeks',
] as const;

interface PhoneCallMockupProps {
  className?: string;
}

/** An illustration of an AI phone screen: the call in progress and the notes and scores it produces. */
export function PhoneCallMockup({ className }: PhoneCallMockupProps) {
  return (
    <figure className={cn('relative mx-auto w-full max-w-md', className)}>
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-br from-brand-100 via-violet-100 to-transparent opacity-70 blur-2xl"
      />
      <div className="rounded-[2rem] border border-slate-200 bg-white p-5 shadow-2xl shadow-brand-700/15 ring-1 ring-slate-900/5">
        <div className="rounded-2xl bg-linear-to-br from-slate-900 via-brand-700 to-indigo-900 p-5 text-white">
          <div className="flex items-center justify-between text-xs text-brand-100">
            <span>Screening call · Shift Supervisor</span>
            <span className="tabular-nums">02:14</span>
          </div>
          <div className="mt-5 flex items-center gap-4">
            <span className="relative grid size-14 place-items-center rounded-full bg-white/15 ring-2 ring-white/40">
              <span
                aria-hidden="true"
                className="absolute inset-0 animate-ping rounded-full bg-white/10 [animation-duration:2.5s] motion-reduce:animate-none"
              />
              <PhoneCall aria-hidden="true" className="size-6" />
            </span>
            <div>
              <p className="text-lg font-semibold">{AGENT_NAME}, your AI recruiter</p>
              <p className="text-sm text-brand-100">Calling a new applicant</p>
            </div>
          </div>
          <p className="mt-5 rounded-xl bg-white/10 px-4 py-3 text-sm leading-relaxed">
            “Hi, this is {AGENT_NAME} calling about your application. Do you have a few minutes for some quick
            questions?”
          </p>
        </div>

        <div className="mt-5 space-y-4">
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <NotebookPen aria-hidden="true" className="size-4 text-brand-600" />
              AI notes
            </p>
            <ul className="mt-2 space-y-1.5">
              {SAMPLE_NOTES.map((note) => (
                <li key={note} className="flex items-start gap-2 text-sm text-slate-600">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-500" />
                  {note}
                </li>
              ))}
            </ul>
          </div>
          <div className="space-y-2.5 rounded-xl border border-slate-200 p-4">
            <ScoreBar label="Availability" score={92} />
            <ScoreBar label="Relevant experience" score={81} />
            <ScoreBar label="Communication" score={77} />
          </div>
          <p className="flex items-center gap-2 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <span aria-hidden="true" className="grid size-7 place-items-center rounded-full bg-brand-600 text-white">
              <Play className="size-3.5" />
            </span>
            Call recording ready
          </p>
        </div>
      </div>
      <figcaption className="sr-only">
        Example of an AI phone screening: the AI agent {AGENT_NAME} calls an applicant, then writes notes, scores the
        answers against the rubric and keeps the call recording.
      </figcaption>
    </figure>
  );
}
