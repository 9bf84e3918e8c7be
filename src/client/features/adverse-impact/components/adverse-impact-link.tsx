import { Scale } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useCan } from '@/client/hooks/use-company-role';

/** Where a recruiter finds the adverse-impact report: on the job's page (the job's) and the dashboard (the company's). */
export function AdverseImpactLink({ jobId }: { jobId?: number }) {
  const headingId = useId();
  // The report reads candidates' sex and race: recruiters and owners only (decision 026).
  if (!useCan('recruiter')) return null;
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
          <Button asChild variant="outline">
            <Link href={jobId === undefined ? '/adverse-impact' : `/job/${jobId}/adverse-impact`}>
              <Scale aria-hidden="true" />
              View adverse impact
            </Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
