import { TriangleAlert } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { formatImpactRatio, formatRate, IMPACT_RATIO_THRESHOLD, type ImpactDimension, type ImpactGroup } from '@/contracts/adverse-impact';
import { DIMENSION_TITLES, MEASURE_TEXTS, SMALL_GROUP_TEXT, type Measure } from './labels';
import { TableScroll } from '@/client/components/ui/table-scroll';

/** Every category with its applicants, rate, impact ratio and flag; the unknowns last, counted but not included. */
export function ImpactTable({ dimension, measure }: { dimension: ImpactDimension; measure: Measure }) {
  const texts = MEASURE_TEXTS[measure];
  const { unknown } = dimension;
  return (
    <TableScroll>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">
          {texts.rate} by {DIMENSION_TITLES[dimension.dimension].toLowerCase()}
        </caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Category
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Applicants
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {texts.hits}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {texts.rate}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Impact ratio
            </th>
            <th scope="col" className="py-2 pl-3 font-medium">
              Flag
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {dimension.groups.map((g) => (
            <tr key={g.key} className={g.count === 0 ? 'text-slate-600' : 'text-slate-900'}>
              <th scope="row" className="py-2 pr-3 font-normal">
                {g.label}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{g.count}</td>
              <td className="px-3 py-2 text-right tabular-nums">{g.count === 0 ? '' : g[measure].hits}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatRate(g[measure].rate)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatImpactRatio(g[measure].impactRatio)}</td>
              <td className="py-2 pl-3">
                <Flag group={g} measure={measure} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 text-slate-700">
          <tr>
            <th scope="row" className="py-2 pr-3 font-medium">
              Unknown
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{unknown.total}</td>
            <td colSpan={4} className="py-2 pl-3">
              Not included: {unknown.preferNotToSay} chose &ldquo;prefer not to say&rdquo;
              {dimension.dimension === 'intersectional' ? ' on either question' : ''}, {unknown.notAnswered} did not answer
            </td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

function Flag({ group, measure }: { group: ImpactGroup; measure: Measure }) {
  if (group.count === 0) return <span>No applicants</span>;
  if (group.isSmall) return <Badge variant="secondary">{SMALL_GROUP_TEXT}</Badge>;
  if (group[measure].rate === null) return <span>Not scored</span>;
  if (group[measure].flagged) {
    return (
      <Badge variant="destructive">
        <TriangleAlert aria-hidden="true" />
        Below {IMPACT_RATIO_THRESHOLD}
      </Badge>
    );
  }
  return null;
}
