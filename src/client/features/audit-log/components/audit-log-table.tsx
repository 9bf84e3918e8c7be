import { Link } from 'wouter';
import type { AuditEntryView } from '@/contracts/audit';
import { TableScroll } from '@/client/components/ui/table-scroll';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Where the subject can be opened in the app: an interview's report, a job. */
function subjectHref(subject: string | null): string | null {
  const match = subject?.match(/^(interview|job):(\d+)$/);
  return match ? `/${match[1]}/${match[2]}` : null;
}

function Subject({ entry }: { entry: AuditEntryView }) {
  if (!entry.subjectLabel) return <span className="text-slate-500">—</span>;
  const href = subjectHref(entry.subject);
  return href ? (
    <Link href={href} className="text-brand-700 underline underline-offset-4">
      {entry.subjectLabel}
    </Link>
  ) : (
    <span>{entry.subjectLabel}</span>
  );
}

/** The entries, newest first: when (in the viewer's time zone), what, who, about what, and the details in words. */
export function AuditLogTable({ entries, caption }: { entries: AuditEntryView[]; caption: string }) {
  return (
    <TableScroll>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Time</th>
            <th scope="col" className="py-2 pr-4 font-medium">Action</th>
            <th scope="col" className="py-2 pr-4 font-medium">Who</th>
            <th scope="col" className="py-2 pr-4 font-medium">About</th>
            <th scope="col" className="py-2 font-medium">Details</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="py-2 pr-4 whitespace-nowrap">
                <time dateTime={entry.at} title={entry.at}>
                  {timeFormat.format(new Date(entry.at))}
                </time>
              </td>
              <td className="py-2 pr-4 font-medium text-slate-900">{entry.label}</td>
              <td className="py-2 pr-4">{entry.actor.name}</td>
              <td className="py-2 pr-4">
                <Subject entry={entry} />
              </td>
              <td className="py-2 text-slate-700">
                {entry.summary}
                {entry.address ? (
                  <span className="block text-xs text-slate-500" title="A fingerprint of the network address; the address itself is not stored">
                    Address #{entry.address}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
