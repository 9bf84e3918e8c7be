import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card } from '@/client/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/client/components/ui/collapsible';

interface CollapsiblePanelProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown in the header beside the title, whether the panel is open or not. */
  action?: ReactNode;
  children: ReactNode;
}

/** A card whose titled header opens and closes its body; the title is an h2 holding the toggle button. */
export function CollapsiblePanel({ title, open, onOpenChange, action, children }: CollapsiblePanelProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <Collapsible open={open} onOpenChange={onOpenChange}>
        <div className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
          <h2 id={headingId} className="min-w-0">
            <CollapsibleTrigger className="group -ml-2 flex items-center gap-2 rounded-md px-2 py-1 text-left text-lg font-semibold hover:bg-slate-50">
              <ChevronDown
                className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=closed]:-rotate-90"
                aria-hidden="true"
              />
              {title}
            </CollapsibleTrigger>
          </h2>
          {action}
        </div>
        <CollapsibleContent className="px-6 pb-6">{children}</CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
