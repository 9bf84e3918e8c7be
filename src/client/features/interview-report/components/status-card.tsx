import { Clock } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';

/** Shown until the interview is completed: there is no feedback yet. */
export function StatusCard() {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Interview Status
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <Clock className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
          This interview is in progress. Feedback will be generated upon completion.
        </p>
      </CardContent>
    </Card>
  );
}
