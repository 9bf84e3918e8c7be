import { ChartColumn, Quote, ShieldCheck } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { ScoreBar, ScoreRing } from './score-bar';

const SAMPLE_CRITERIA = [
  { label: 'Technical skills', score: 88 },
  { label: 'Communication', score: 85 },
  { label: 'Cultural fit', score: 79 },
] as const;

const SAMPLE_HIGHLIGHTS = [
  { time: '03:12', text: 'Explained the trade-offs between caching strategies with a concrete example.' },
  { time: '11:47', text: 'Described how they mentored a new team member through a release.' },
] as const;

interface ReportMockupProps {
  className?: string;
}

/** An illustration of an interview report: overall score, criterion scores, highlights and a bias check. */
export function ReportMockup({ className }: ReportMockupProps) {
  return (
    <figure className={cn('relative mx-auto w-full max-w-lg', className)}>
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-br from-brand-100 via-violet-100 to-transparent opacity-70 blur-2xl"
      />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-700/15 ring-1 ring-slate-900/5">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-5 py-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <ChartColumn aria-hidden="true" className="size-4 text-brand-600" />
            Interview report · Backend Engineer
          </p>
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-[0.7rem] font-semibold text-emerald-700">
            Completed
          </span>
        </div>
        <div className="space-y-5 p-5">
          <div className="flex items-center gap-5">
            <ScoreRing score={84} />
            <div className="min-w-0 flex-1 space-y-2.5">
              {SAMPLE_CRITERIA.map((criterion) => (
                <ScoreBar key={criterion.label} label={criterion.label} score={criterion.score} />
              ))}
            </div>
          </div>
          <div>
            <p className="text-sm font-semibold text-slate-900">Highlights</p>
            <ul className="mt-2 space-y-2">
              {SAMPLE_HIGHLIGHTS.map((highlight) => (
                <li key={highlight.time} className="flex gap-3 rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
                  <span className="shrink-0 self-start rounded bg-brand-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700">
                    {highlight.time}
                  </span>
                  <span className="flex gap-1.5 text-slate-600">
                    <Quote aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-slate-400" />
                    {highlight.text}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800">
            <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
            Bias check passed: questions and scoring reviewed
          </p>
        </div>
      </div>
      <figcaption className="sr-only">
        Example of an interview report: an overall score of 84 out of 100, scores for technical skills, communication
        and cultural fit, timestamped highlights from the transcript and a passed bias check.
      </figcaption>
    </figure>
  );
}
