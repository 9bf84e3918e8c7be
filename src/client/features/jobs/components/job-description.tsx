import { ChevronDown } from 'lucide-react';
import { Card } from '@/client/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/client/components/ui/collapsible';

/** The job's description, collapsed by default; long text scrolls inside a 400px panel. */
export function JobDescription({ description }: { description: string }) {
  return (
    <Card>
      <Collapsible defaultOpen={false}>
        <h2>
          <CollapsibleTrigger className="group flex w-full items-center justify-between gap-2 rounded-lg px-6 py-4 text-left text-lg font-semibold hover:bg-slate-50">
            Job Description
            <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
          </CollapsibleTrigger>
        </h2>
        <CollapsibleContent>
          <div
            role="region"
            aria-label="Job description text"
            tabIndex={0}
            className="mx-6 mb-6 max-h-[400px] overflow-y-auto rounded-md border border-slate-100 bg-slate-50 p-4 text-sm leading-relaxed whitespace-pre-line text-slate-700"
          >
            {description}
          </div>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
