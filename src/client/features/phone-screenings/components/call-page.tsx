import { AlertCircle } from 'lucide-react';
import { type ReactNode } from 'react';
import { BrandLogo } from '@/client/components/brand-logo';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { isNotFound, isRefused, isSignedOut } from '@/client/lib/error-messages';
import { callErrorMessage, useCallInfo } from '../api/call-simulator';
import { CallDataRequest } from './call-data-request';
import { CallSimulator } from './call-simulator';
import { ScreeningSubpageHeader } from './screening-subpage-header';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

function usePageTitle(title: string) {
  useDocumentTitle(`${title} — Hireloop`);
}

/** No such candidate for this account, or a call link that names nothing (invalid or expired). */
const isMissing = (error: unknown) => isNotFound(error) || isSignedOut(error);

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner className="size-8 text-brand-600" label={label} />
    </div>
  );
}

/** The recruiter takes the candidate's screening call in the browser (simulator mode). */
export function ScreeningCall({ screeningId, candidateId }: { screeningId: string; candidateId: number }) {
  const info = useCallInfo(candidateId, null);
  if (info.isPending) return <Loading label="Loading the call" />;
  if (info.isError) {
    if (isMissing(info.error)) return <ScreeningSubpageHeader title="Candidate not found" screeningId={screeningId} />;
    return (
      <div className="space-y-4">
        <ScreeningSubpageHeader title="Could not load the call" screeningId={screeningId} />
        <p role="alert" className="text-sm text-slate-600">
          {callErrorMessage(info.error)}
        </p>
        <Button type="button" variant="outline" onClick={() => void info.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <RecruiterCall screeningId={screeningId} info={info.data} />;
}

function RecruiterCall({ screeningId, info }: { screeningId: string; info: NonNullable<ReturnType<typeof useCallInfo>['data']> }) {
  const title = `Screening call with ${info.candidateName}`;
  usePageTitle(title);
  return (
    <div className="space-y-4">
      <ScreeningSubpageHeader title={title} screeningId={screeningId} />
      <p className="text-sm text-slate-600">
        No phone line is configured, so the call runs here in the browser: you (or the candidate, with their call link) answer the AI assistant&apos;s questions, and the
        answers are scored like a phone call&apos;s.
      </p>
      <CallSimulator info={info} token={null} screeningId={screeningId} resultHref={`/phone-screening/${screeningId}/candidates/${info.candidateId}`} />
    </div>
  );
}

function CandidateFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
          <BrandLogo />
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">{children}</main>
    </div>
  );
}

/** A full-page message to the candidate instead of the call: an unknown link, or a call that may not start. */
function CandidateMessage({ title, message, tone, children }: { title: string; message: string; tone: 'error' | 'warning'; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <CandidateFrame>
      <Card className="mx-auto max-w-md">
        <CardContent className="space-y-2 pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className={tone === 'error' ? 'size-6 text-red-500' : 'size-6 text-amber-500'} aria-hidden="true" />
            <h1 className="text-xl font-bold text-slate-900">{title}</h1>
          </div>
          <p role={tone === 'warning' ? 'alert' : undefined} className="text-sm text-slate-600">
            {message}
          </p>
          {children ? <div className="border-t border-slate-200 pt-4">{children}</div> : null}
        </CardContent>
      </Card>
    </CandidateFrame>
  );
}

const LinkNotFound = () => <CandidateMessage title="Call Link Not Found" message="This call link appears to be invalid or has expired." tone="error" />;

/** The candidate's own call page, opened from their personal link (no sign-in). */
export function CandidateCall({ candidateId, token }: { candidateId: number | null; token: string }) {
  if (candidateId === null || !token) return <LinkNotFound />;
  return <CandidateCallLoaded candidateId={candidateId} token={token} />;
}

function CandidateCallLoaded({ candidateId, token }: { candidateId: number; token: string }) {
  const info = useCallInfo(candidateId, token);
  if (info.isPending) {
    return (
      <CandidateFrame>
        <Loading label="Loading your call" />
      </CandidateFrame>
    );
  }
  if (info.isError) {
    // The server refused the call itself (the company cannot call candidates yet): its sentence says so.
    // The link itself is valid then, so the candidate may still ask for their data to be deleted.
    if (isRefused(info.error)) {
      return (
        <CandidateMessage title="Call Not Available" message={callErrorMessage(info.error)} tone="warning">
          <CallDataRequest candidateId={candidateId} token={token} />
        </CandidateMessage>
      );
    }
    if (isMissing(info.error)) return <LinkNotFound />;
    return (
      <CandidateFrame>
        <div className="mx-auto max-w-md space-y-4 text-center">
          <h1 className="text-xl font-bold">Could not load your call</h1>
          <p role="alert" className="text-sm text-slate-600">
            {callErrorMessage(info.error)}
          </p>
          <Button type="button" onClick={() => void info.refetch()}>
            Try again
          </Button>
        </div>
      </CandidateFrame>
    );
  }
  const data = info.data;
  const firstName = data.candidateName.trim().split(/\s+/)[0] ?? data.candidateName;
  return (
    <CandidateFrame>
      <CandidateIntro title={`Hello, ${firstName}`}>
        Welcome to your screening call with {data.companyName}
        {data.jobTitle ? ` for the ${data.jobTitle} position` : ''}. {data.agentName}, an AI assistant, will ask you a few short questions. Find a quiet place, then start the call
        when you are ready.
      </CandidateIntro>
      <CallSimulator info={data} token={token} />
      <Card className="mt-6">
        <CardContent className="pt-6">
          <CallDataRequest candidateId={candidateId} token={token} companyName={data.companyName} />
        </CardContent>
      </Card>
    </CandidateFrame>
  );
}

function CandidateIntro({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle('Your screening call');
  return (
    <div className="mb-6 space-y-2">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="max-w-3xl text-slate-600">{children}</p>
    </div>
  );
}
