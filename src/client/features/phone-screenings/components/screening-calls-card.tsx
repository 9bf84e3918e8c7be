import { useId } from 'react';
import type { ScreeningCall } from '@/contracts/phone-call-results';
import { statusLabel } from '@/contracts/interviews';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { formatDateTime } from '../lib/time';
import { TableScroll } from '@/client/components/ui/table-scroll';

function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

const providerLabel = (provider: ScreeningCall['provider']) => (provider === 'twilio' ? 'Phone' : 'Browser');

export function CallsCard({ calls }: { calls: ScreeningCall[] }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Calls
        </CardTitle>
      </CardHeader>
      <CardContent>
        {calls.length === 0 ? (
          <p className="text-sm text-slate-600">No calls yet.</p>
        ) : (
          <TableScroll>
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Attempt
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Taken by
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Started
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Ended
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Duration
                  </th>
                </tr>
              </thead>
              <tbody>
                {calls.map((call) => (
                  <tr key={call.id} className="border-b border-slate-100 last:border-0">
                    <td className="py-2 pr-4 tabular-nums">{call.attempt}</td>
                    <td className="py-2 pr-4">{providerLabel(call.provider)}</td>
                    <td className="py-2 pr-4">
                      {statusLabel(call.status)}
                      {call.error ? <span className="block text-xs text-red-700">{call.error}</span> : null}
                    </td>
                    <td className="py-2 pr-4">{formatDateTime(call.startedAt)}</td>
                    <td className="py-2 pr-4">{formatDateTime(call.endedAt)}</td>
                    <td className="py-2 tabular-nums">{formatDuration(call.durationSeconds)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </CardContent>
    </Card>
  );
}
