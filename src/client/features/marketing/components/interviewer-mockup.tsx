import { Bot, Mic, Sparkles, User } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { ScoreBar, ScoreRing } from './score-bar';

interface TranscriptTurn {
  speaker: 'AI Interviewer' | 'Candidate';
  text: string;
}

const SAMPLE_TRANSCRIPT: readonly TranscriptTurn[] = [
  {
    speaker: 'AI Interviewer',
    text: 'Thanks for joining. Tell me about a time you turned around a difficult customer conversation.',
  },
  {
    speaker: 'Candidate',
    text: 'A customer’s order was delayed twice. I tracked the shipment, offered a replacement and called back until it arrived.',
  },
  {
    speaker: 'AI Interviewer',
    text: 'How did you keep them informed while you worked on it?',
  },
  {
    speaker: 'Candidate',
    text: 'I sent a short update every morning and gave them a direct line, so they never had to chase us.',
  },
];

const SAMPLE_CRITERIA = [
  { label: 'Problem solving', score: 88 },
  { label: 'Communication', score: 86 },
  { label: 'Customer focus', score: 79 },
] as const;

const OVERALL_SCORE = 84;

/** Speaking indicator: animated bars. Decorative. */
function VoiceBars({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn('flex h-4 items-end gap-0.5', className)}>
      {[0.6, 1, 0.45, 0.85, 0.55].map((height, index) => (
        <span
          key={index}
          className="w-1 animate-pulse rounded-full bg-current motion-reduce:animate-none"
          style={{ height: `${height * 100}%`, animationDelay: `${index * 120}ms` }}
        />
      ))}
    </span>
  );
}

interface InterviewerMockupProps {
  className?: string;
}

/**
 * An illustration of a live AI interview: the AI interviewer and candidate video tiles, a live
 * transcript and the overall score. Static sample content, no network media.
 */
export function InterviewerMockup({ className }: InterviewerMockupProps) {
  return (
    <figure className={cn('relative', className)}>
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-br from-brand-100 via-violet-100 to-transparent opacity-70 blur-2xl"
      />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-700/15 ring-1 ring-slate-900/5">
        {/* Window bar */}
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
          <div aria-hidden="true" className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-red-300" />
            <span className="size-2.5 rounded-full bg-amber-300" />
            <span className="size-2.5 rounded-full bg-emerald-300" />
          </div>
          <p className="min-w-0 truncate text-xs font-medium text-slate-600">Live interview · Customer Support Specialist</p>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2 py-0.5 text-[0.7rem] font-semibold text-red-700">
            <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-red-500 motion-reduce:animate-none" />
            REC
          </span>
        </div>

        <div className="grid gap-4 p-4 sm:grid-cols-5">
          {/* Video tiles and score */}
          <div className="min-w-0 space-y-4 sm:col-span-3">
            <div className="grid grid-cols-2 gap-3">
              <div className="relative flex aspect-[4/3] flex-col items-center justify-center overflow-hidden rounded-xl bg-linear-to-br from-slate-900 via-brand-700 to-indigo-900 text-white">
                <span aria-hidden="true" className="absolute size-20 animate-ping rounded-full bg-brand-500/25 [animation-duration:2.5s] motion-reduce:animate-none" />
                <span
                  aria-hidden="true"
                  className="relative grid size-14 place-items-center rounded-full bg-white/15 ring-2 ring-white/40 backdrop-blur"
                >
                  <Bot className="size-7" />
                </span>
                <span className="absolute bottom-2 left-2 inline-flex items-center gap-1.5 rounded-md bg-black/40 px-2 py-1 text-[0.7rem] font-medium">
                  AI Interviewer
                  <VoiceBars className="h-3 text-emerald-300" />
                </span>
              </div>
              <div className="relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl bg-linear-to-br from-slate-200 to-slate-300">
                <span
                  aria-hidden="true"
                  className="grid size-14 place-items-center rounded-full bg-white/70 text-slate-500 ring-2 ring-white"
                >
                  <User className="size-7" />
                </span>
                <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-md bg-black/40 px-2 py-1 text-[0.7rem] font-medium text-white">
                  <Mic aria-hidden="true" className="size-3" />
                  Candidate
                </span>
              </div>
            </div>

            <div className="flex items-center gap-4 rounded-xl border border-slate-200 p-4">
              <ScoreRing score={OVERALL_SCORE} />
              <div className="min-w-0 flex-1 space-y-2.5">
                <p className="text-sm font-semibold text-slate-900">Overall score</p>
                {SAMPLE_CRITERIA.map((criterion) => (
                  <ScoreBar key={criterion.label} label={criterion.label} score={criterion.score} />
                ))}
              </div>
            </div>

            <div className="rounded-xl border border-slate-200 px-4 py-3">
              <div className="flex items-center justify-between gap-3 text-xs">
                <span className="font-medium text-slate-700">Question 3 of 6</span>
                <span className="text-slate-500 tabular-nums">Elapsed 08:42</span>
              </div>
              <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
                <div className="h-full w-1/2 rounded-full bg-linear-to-r from-brand-500 to-brand-700" />
              </div>
            </div>
          </div>

          {/* Live transcript */}
          <div className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-slate-50/70 sm:col-span-2">
            <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
              <p className="text-xs font-semibold text-slate-900">Live transcript</p>
              <span className="inline-flex items-center gap-1 text-[0.7rem] font-medium text-emerald-700">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
                Live
              </span>
            </div>
            <ol className="flex-1 space-y-3 p-3">
              {SAMPLE_TRANSCRIPT.map((turn, index) => (
                <li key={index} className="text-xs leading-relaxed">
                  <p
                    className={cn(
                      'font-semibold',
                      turn.speaker === 'AI Interviewer' ? 'text-brand-700' : 'text-slate-900',
                    )}
                  >
                    {turn.speaker}
                  </p>
                  <p className="mt-0.5 text-slate-600">{turn.text}</p>
                </li>
              ))}
            </ol>
            <p className="m-3 mt-0 inline-flex items-start gap-1.5 rounded-lg bg-brand-50 px-2.5 py-2 text-[0.7rem] leading-snug text-brand-700">
              <Sparkles aria-hidden="true" className="mt-px size-3 shrink-0" />
              Follow-up asked: the first answer left out how the customer was kept informed.
            </p>
          </div>
        </div>
      </div>
      <figcaption className="sr-only">
        Example of a live AI interview: the AI interviewer and the candidate on video, a live transcript of their
        conversation and an overall score of 84 out of 100.
      </figcaption>
    </figure>
  );
}
