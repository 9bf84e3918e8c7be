import { candidatesCount, IMPORT_FIELD_LABELS, type ImportPreview } from '@/contracts/imports';
import { cn } from '@/client/lib/cn';

/** "2 candidates to import · 1 row with errors · 1 already there". */
export function previewSummary(preview: ImportPreview): string {
  const parts = [`${candidatesCount(preview.valid)} to import`];
  if (preview.invalid > 0) parts.push(`${preview.invalid} row${preview.invalid === 1 ? '' : 's'} with errors`);
  if (preview.skipped > 0) parts.push(`${preview.skipped} already there (left out)`);
  return parts.join(' · ');
}

/** Every row of the file as the server read it: rows with errors in red with what is wrong, rows left out in grey. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <div className="relative max-h-80 overflow-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The rows of the file, with the problems found in each</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-3 py-2 font-medium">
              Line
            </th>
            {preview.columns.map((field) => (
              <th key={field} scope="col" className="px-3 py-2 font-medium">
                {IMPORT_FIELD_LABELS[field]}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-medium">
              Problems
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => {
            const hasErrors = row.errors.length > 0;
            return (
              <tr
                key={row.line}
                className={cn('border-b border-slate-100 align-top last:border-0', hasErrors ? 'bg-red-50' : row.skipReason ? 'bg-slate-50 text-slate-500' : '')}
              >
                <td className="px-3 py-2 tabular-nums">{row.line}</td>
                {preview.columns.map((field) => (
                  <td key={field} className="px-3 py-2 break-words">
                    {row.values[field] ?? ''}
                  </td>
                ))}
                <td className="px-3 py-2">
                  {hasErrors ? (
                    <ul className="space-y-0.5 font-medium text-red-800">
                      {row.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  ) : row.skipReason ? (
                    <span>{row.skipReason}</span>
                  ) : (
                    <span className="text-emerald-700">Ready</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
