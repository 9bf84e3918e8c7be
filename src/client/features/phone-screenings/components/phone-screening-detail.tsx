import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { usePhoneScreening } from '../api/phone-screening';
import { CandidatesSection } from './candidates-section';
import { PhoneScreeningHeader } from './phone-screening-header';
import { ScreeningQuestionsCard } from './screening-questions-card';
import { ScreeningSettingsCard } from './screening-settings-card';

/**
 * /phone-screening/{id}: the job description, questions, agent and rubric on the left, the candidates on the right.
 * `candidateActions`: more ways to add candidates, beside Add Candidate (the page passes the CSV import).
 * `footer`: below the screening once it is found (the page passes its application page card).
 */
export function PhoneScreeningDetail({ id, candidateActions, footer }: { id: string; candidateActions?: (screeningId: number) => ReactNode; footer?: (screeningId: number) => ReactNode }) {
  const { data: screening, isLoading } = usePhoneScreening(id);

  if (isLoading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-brand-600" label="Loading phone screening" />
      </div>
    );
  }

  if (!screening) {
    return (
      <div className="mx-auto max-w-md space-y-4 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Phone Screening Not Found</h1>
        <p className="text-slate-600">The requested phone screening could not be found.</p>
        <Button asChild>
          <Link href="/dashboard">Return to Dashboard</Link>
        </Button>
      </div>
    );
  }

  return (
    <div>
      <PhoneScreeningHeader title={screening.jobTitle || 'Phone Screening'} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Job Description</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm text-slate-700">
              <p className="font-medium text-slate-900">{screening.jobTitle || 'Phone Screening'}</p>
              {screening.jobDescription ? <p className="whitespace-pre-line">{screening.jobDescription}</p> : null}
              {screening.skills ? (
                <p>
                  <span className="font-semibold">Skills:</span> {screening.skills}
                </p>
              ) : null}
            </CardContent>
          </Card>
          <ScreeningQuestionsCard screening={screening} />
          <ScreeningSettingsCard screening={screening} />
        </div>
        <CandidatesSection screeningId={screening.id} addActions={candidateActions?.(screening.id)} />
      </div>
      {footer ? <div className="mt-6">{footer(screening.id)}</div> : null}
    </div>
  );
}
