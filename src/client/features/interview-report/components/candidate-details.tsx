import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { SourceBadge } from '@/client/components/source-badge';
import type { CandidateSource } from '@/contracts/statuses';
import type { StartProblem } from '@/contracts/candidate-room';
import { InterviewStatus } from '@/client/components/interview-status';

interface CandidateDetailsProps {
  candidateName: string;
  email: string;
  status: string;
  /** Where the candidate came from (issue 17). */
  source?: CandidateSource | undefined;
  /** Why the candidate's start failed in their browser, while the interview is in progress (issue 30). */
  startProblem?: StartProblem | null;
}

/** The 'Candidate Details' card: name, email, the status badge and where the candidate came from. */
export function CandidateDetails({ candidateName, email, status, source, startProblem }: CandidateDetailsProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Candidate Details
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className={`grid gap-4 text-sm ${source ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3'}`}>
          <div className="min-w-0">
            <dt className="font-medium text-slate-500">Name</dt>
            <dd className="mt-1 break-words text-slate-900">{candidateName}</dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-500">Email</dt>
            <dd className="mt-1 break-words">
              {/* Empty once the candidate's data was deleted. */}
              {email ? (
                <a href={`mailto:${email}`} className="text-brand-700 underline underline-offset-4">
                  {email}
                </a>
              ) : (
                <span className="text-slate-600">—</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Status</dt>
            <dd className="mt-1">
              <InterviewStatus status={status} startProblem={startProblem} />
            </dd>
          </div>
          {source ? (
            <div>
              <dt className="font-medium text-slate-500">Source</dt>
              <dd className="mt-1">
                <SourceBadge source={source} />
              </dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
