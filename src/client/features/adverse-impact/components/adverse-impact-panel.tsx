import { Scale } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { EmptyState } from '@/client/components/ui/empty-state';
import { Spinner } from '@/client/components/ui/spinner';
import { useCan } from '@/client/hooks/use-company-role';
import type { AdverseImpactCounts } from '@/contracts/adverse-impact';
import { useAdverseImpactCounts } from '../api/get-adverse-impact-counts';

/**
 * Where a recruiter finds the adverse-impact report: on the job's page (the job's) and the dashboard
 * (the company's). Until some candidate has given their sex or race/ethnicity there are no rates to
 * compare, and the panel says what will appear and when instead of leading to empty tables (043).
 */
export function AdverseImpactPanel({ jobId }: { jobId?: number }) {
  const headingId = useId();
  // The report reads candidates' sex and race: recruiters and owners only (decision 026).
  const canSee = useCan('recruiter');
  const counts = useAdverseImpactCounts(jobId, { enabled: canSee });
  if (!canSee) return null;
  const reportLink = (
    <Button asChild variant="outline">
      <Link href={jobId === undefined ? '/adverse-impact' : `/job/${jobId}/adverse-impact`}>
        <Scale aria-hidden="true" />
        View adverse impact
      </Link>
    </Button>
  );
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="pb-4">
          <CardTitle as="h2" id={headingId} className="text-base">
            Adverse impact
          </CardTitle>
          <CardDescription>
            Selection and scoring rates by candidates&apos; voluntary self-identification{jobId === undefined ? ', across all your jobs' : ''}, with the
            four-fifths rule and a bias-audit summary to download.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {counts.data ? (
            <Content counts={counts.data} forJob={jobId !== undefined} reportLink={reportLink} />
          ) : counts.isError ? (
            // The report page says what went wrong, and offers to try again.
            reportLink
          ) : (
            <div className="flex justify-center py-2">
              <Spinner className="size-6" label="Loading adverse impact" />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

const interviewsWord = (n: number) => `${n} evaluated ${n === 1 ? 'interview' : 'interviews'}`;

function Content({ counts, forJob, reportLink }: { counts: AdverseImpactCounts; forJob: boolean; reportLink: ReactNode }) {
  const scope = forJob ? ' for this job' : '';
  if (counts.evaluated === 0) {
    return (
      <EmptyState title="No evaluated interviews yet">
        Selection and scoring rates by sex and race/ethnicity appear here once candidates have completed interviews{scope} and answered the
        voluntary questions at the end of them.
      </EmptyState>
    );
  }
  if (counts.answered === 0) {
    // Interviews to count, but no group to compare: the report still has the counts and the audit file.
    return (
      <EmptyState title="No answers to the voluntary questions yet" action={reportLink}>
        {interviewsWord(counts.evaluated)}
        {scope}, and no candidate has given their sex or race/ethnicity in the voluntary questions at the end of the interview. Selection and
        scoring rates by group appear here once candidates do.
      </EmptyState>
    );
  }
  return reportLink;
}
