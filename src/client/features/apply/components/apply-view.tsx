import { CalendarClock, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { describeError, isNotFound } from '@/client/lib/error-messages';
import type { ApplyResult } from '@/contracts/apply';
import { usePublicApplyPage } from '../api/public-apply';
import { ApplyForm } from './apply-form';

/** What the candidate sees once the application went: their interview link, their call time, or a thank-you. */
function Outcome({ result }: { result: ApplyResult }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const heading =
    result.outcome === 'interview' ? 'Your interview is ready' : result.outcome === 'scheduled' ? 'We will call you' : result.outcome === 'already_applied' ? 'You have already applied' : 'Application received';
  return (
    <div className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold text-slate-900 outline-none">
        {result.outcome === 'scheduled' ? <CalendarClock className="size-6 text-brand-600" aria-hidden="true" /> : <CheckCircle2 className="size-6 text-green-700" aria-hidden="true" />}
        {heading}
      </h2>
      <p className="text-slate-700">{result.message}</p>
      {result.outcome === 'interview' ? (
        <Button asChild size="lg" className="w-full sm:w-auto">
          <a href={result.interviewUrl}>Start your interview</a>
        </Button>
      ) : null}
      {result.outcome === 'scheduled' ? (
        <p className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800">
          Expected call: <strong className="font-semibold">{result.localTime}</strong>. If you miss it, we try again later in working hours.
        </p>
      ) : null}
    </div>
  );
}

/** /apply/{slug}: the public application page of a job or a phone screening (docs/decisions/035-apply-pages.md). */
export function ApplyView({ slug }: { slug: string }) {
  const page = usePublicApplyPage(slug);
  const [result, setResult] = useState<ApplyResult | null>(null);

  if (page.isLoading) return <Spinner className="size-8 text-brand-600" label="Loading the application page" />;
  if (!page.data) {
    return (
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <CardTitle as="h1">{isNotFound(page.error) ? 'Application page not found' : 'This page could not be loaded'}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-slate-700">{describeError(page.error)}</p>
        </CardContent>
      </Card>
    );
  }
  const data = page.data;
  return (
    <Card className="w-full max-w-2xl">
      <CardHeader className="space-y-2">
        <p className="text-sm font-medium text-slate-600">{data.companyName}</p>
        <CardTitle as="h1" className="text-2xl">
          {data.title}
        </CardTitle>
        {data.kind === 'screening' ? <p className="text-sm text-slate-600">A short phone screening with an AI assistant.</p> : <p className="text-sm text-slate-600">An AI interview you can take at once.</p>}
      </CardHeader>
      <CardContent className="space-y-6">
        {data.description ? <p className="whitespace-pre-line break-words text-slate-700">{data.description}</p> : null}
        {result ? (
          <Outcome result={result} />
        ) : data.isOpen ? (
          <ApplyForm page={data} loadedAt={page.dataUpdatedAt} onApplied={setResult} />
        ) : (
          <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-3 font-medium text-slate-800">
            {data.closedMessage}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
