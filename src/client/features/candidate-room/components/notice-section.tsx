import { ChevronDown, ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import type { CandidateNotice } from '@/contracts/consent';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';

interface NoticeSectionProps {
  notice: CandidateNotice | undefined;
  isError: boolean;
  onRetry: () => void;
}

/**
 * The notice about the AI interview (decision 025), word for word as the server keeps it: what the
 * candidate agrees to with the consent tick below. Its version is shown, as it is stored with the consent.
 * Its sections are one tap away (issue 30): on a phone they were three screens before the consent box.
 */
export function NoticeSection({ notice, isError, onRetry }: NoticeSectionProps) {
  const headingId = useId();
  const sectionsId = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ScrollText className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
        {notice?.title ?? 'About this AI interview'}
      </h2>
      {notice ? (
        <>
          <p>What the AI does and does not evaluate, what is recorded, who sees it, how long it is kept, and how to ask for another way.</p>
          <Button type="button" variant="outline" size="sm" aria-expanded={isOpen} aria-controls={sectionsId} onClick={() => setOpen((open) => !open)}>
            <ChevronDown className={isOpen ? 'rotate-180' : undefined} aria-hidden="true" />
            {isOpen ? 'Hide the full notice' : 'Read the full notice'}
          </Button>
          <div id={sectionsId} hidden={!isOpen} className="space-y-3">
            {notice.sections.map((section) => (
              <div key={section.heading} className="space-y-1">
                <h3 className="font-semibold text-slate-900">{section.heading}</h3>
                <p>{section.text}</p>
              </div>
            ))}
          </div>
          <p className="text-xs text-slate-500">Notice version {notice.version}</p>
        </>
      ) : isError ? (
        <div className="space-y-2">
          <p role="alert" className="text-red-700">
            We could not load the notice about this interview. You need to read it before you start.
          </p>
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <Spinner className="size-5" label="Loading the notice about this interview" />
      )}
    </section>
  );
}
