import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import type { BiasFlag } from '@/contracts/ai';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { biasLabel } from '@/contracts/ai';
import { statusLabel } from '@/contracts/interviews';

interface BiasCardProps {
  /** Flags on the job's questions (from the review state); undefined while they load or when they failed. */
  questionFlags: BiasFlag[] | undefined;
  isLoadingQuestions: boolean;
  /** Flags on the evaluation's own text. */
  evaluationFlags: BiasFlag[];
}

/** The bias check of the job's questions and of the evaluation text. */
export function BiasCard({ questionFlags, isLoadingQuestions, evaluationFlags }: BiasCardProps) {
  const headingId = useId();
  const questionsFailed = !isLoadingQuestions && questionFlags === undefined;
  const isClear = questionFlags !== undefined && questionFlags.length === 0 && evaluationFlags.length === 0;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Bias Check
        </CardTitle>
        <CardDescription>Wording that could disadvantage a candidate for who they are, in the job’s questions and in the evaluation.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {isLoadingQuestions ? (
          <Spinner className="size-5 text-brand-600" label="Loading the bias check" />
        ) : isClear ? (
          <p className="flex items-start gap-2 text-sm text-green-800">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            No bias flags: the questions and the evaluation text passed the bias check.
          </p>
        ) : (
          <>
            <FlagSection title="Interview questions" flags={questionFlags} isQuestion emptyText="No flags on the questions." />
            {questionsFailed ? <p className="text-sm text-slate-600">The questions’ check could not be loaded.</p> : null}
            <FlagSection title="Evaluation text" flags={evaluationFlags} emptyText="No flags on the evaluation text." />
          </>
        )}
      </CardContent>
    </Card>
  );
}

interface FlagSectionProps {
  title: string;
  flags: BiasFlag[] | undefined;
  emptyText: string;
  /** Question flags carry the question's number and a suggested rewording. */
  isQuestion?: boolean;
}

function FlagSection({ title, flags, emptyText, isQuestion = false }: FlagSectionProps) {
  const headingId = useId();
  if (flags === undefined) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold">
        {title}
      </h3>
      {flags.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul className="space-y-3">
          {flags.map((flag, index) => (
            <li key={index} className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="warning">{isQuestion ? biasLabel(flag.category) : statusLabel(flag.category)}</Badge>
                {isQuestion && flag.index !== undefined ? <span className="text-xs font-medium text-slate-600">Question {flag.index + 1}</span> : null}
              </div>
              <blockquote className="border-l-4 border-amber-300 pl-3 text-slate-900 italic">“{flag.text}”</blockquote>
              <p className="text-slate-700">
                <span className="font-medium">Why: </span>
                {flag.reason}
              </p>
              {flag.suggestion ? (
                <p className="text-slate-700">
                  <span className="font-medium">Suggested rewording: </span>
                  {flag.suggestion}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
