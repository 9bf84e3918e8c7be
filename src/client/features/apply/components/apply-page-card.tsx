import { Check, Copy, ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { describeError } from '@/client/lib/error-messages';
import { useApplyPage, useSetApplyPage, type ApplyTarget } from '../api/apply-page';

const WHAT_HAPPENS: Record<ApplyTarget['kind'], string> = {
  job: 'Candidates apply on a public page and get their AI interview link at once, and by email.',
  screening: 'Candidates apply on a public page with their phone number and are called by the AI at the next calling hours in their time zone.',
};

/**
 * The 'Application page' card of a job or a phone screening (docs/decisions/035-apply-pages.md):
 * switch the public page on, copy its address, switch it off (it then says applications are
 * closed, at the same address). Viewers see the state only.
 */
export function ApplyPageCard({ target, canEdit }: { target: ApplyTarget; canEdit: boolean }) {
  const headingId = useId();
  const urlId = useId();
  const page = useApplyPage(target);
  const setPage = useSetApplyPage(target);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const state = page.data;
  const copy = async (text: string) => {
    try {
      // navigator.clipboard is missing outside secure contexts (plain http on another host).
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (!clipboard) throw new Error('no clipboard');
      await clipboard.writeText(text);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopyState('idle'), 2000);
  };

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Application page
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-slate-700">
        {page.isLoading ? (
          <Spinner className="size-5" label="Loading the application page" />
        ) : !state ? (
          <p role="alert" className="text-red-700">
            {describeError(page.error, 'The application page could not be loaded.')}
          </p>
        ) : (
          <>
            <p>{WHAT_HAPPENS[target.kind]}</p>
            <p className="font-medium text-slate-900">
              {state.isAcceptingApplications
                ? 'On: the page takes applications.'
                : state.enabled
                  ? 'On, but not taking applications.'
                  : state.slug
                    ? 'Off: the page tells visitors that applications are closed.'
                    : 'Off.'}
            </p>
            {state.note ? <p className="text-amber-800">{state.note}</p> : null}
            {state.url ? (
              <div className="space-y-1.5">
                <Label htmlFor={urlId}>Public address</Label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input id={urlId} readOnly value={state.url} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1" />
                  <div className="flex gap-2">
                    <Button type="button" variant="outline" size="sm" onClick={() => void copy(state.url!)}>
                      {copyState === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                      {copyState === 'copied' ? 'Copied' : 'Copy link'}
                    </Button>
                    <Button asChild variant="outline" size="sm">
                      <a href={state.url} target="_blank" rel="noopener noreferrer">
                        Open page
                        <ExternalLink aria-hidden="true" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    </Button>
                  </div>
                </div>
                <p aria-live="polite" className="min-h-5 text-slate-600">
                  {copyState === 'copied' ? 'The link was copied.' : copyState === 'failed' ? 'The browser did not allow copying: select the address and copy it.' : ''}
                </p>
              </div>
            ) : null}
            {canEdit ? (
              <div className="space-y-2">
                <Button type="button" variant={state.enabled ? 'outline' : 'default'} disabled={setPage.isPending} onClick={() => setPage.mutate(!state.enabled)}>
                  {setPage.isPending ? <Spinner className="size-4" /> : null}
                  {state.enabled ? 'Turn off application page' : state.slug ? 'Turn application page on again' : 'Turn on application page'}
                </Button>
                {setPage.isError ? (
                  <p role="alert" className="text-red-700">
                    {describeError(setPage.error)}
                  </p>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
