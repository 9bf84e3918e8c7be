import {
  formatImpactRatio,
  formatRate,
  IMPACT_RATIO_THRESHOLD,
  SMALL_GROUP_SHARE,
  type AdverseImpactReport,
  type ImpactDimension,
  type ImpactGroup,
} from '../../../contracts/adverse-impact';
import { csvLine, type CsvValue } from '../../lib/csv';

// The report as a Local Law 144 bias-audit summary (6 RCNY 5-301/5-303): per measure, a table per
// category type with the number of applicants, the rate and the impact ratio, the unknowns counted
// under each table as "not included in the calculations above", and the dates the data covers.

// Cells go through the shared csvCell (lib/csv.ts): a job title starting with = is never run as a formula.
const line = (...cells: CsvValue[]) => csvLine(cells);

const TITLES: Record<ImpactDimension['dimension'], string> = {
  sex: 'Sex categories',
  race_ethnicity: 'Race/ethnicity categories',
  intersectional: 'Intersectional categories',
};

function note(group: ImpactGroup, measure: 'selection' | 'scoring'): string {
  if (group.count === 0) return 'No applicants';
  if (group.isSmall) return `Under ${SMALL_GROUP_SHARE * 100}% of applicants with a known category: excluded from impact ratios`;
  return group[measure].flagged ? `Impact ratio below ${IMPACT_RATIO_THRESHOLD}` : '';
}

export function unknownNote(dimension: ImpactDimension): string {
  const { preferNotToSay, notAnswered } = dimension.unknown;
  return `Not included in the calculations above: ${preferNotToSay} chose "prefer not to say"${dimension.dimension === 'intersectional' ? ' on either question' : ''}, ${notAnswered} did not answer`;
}

function table(dimension: ImpactDimension, measure: 'selection' | 'scoring'): string[] {
  return [
    line(TITLES[dimension.dimension], 'Number of applicants', measure === 'selection' ? 'Selection rate' : 'Scoring rate', 'Impact ratio', 'Note'),
    ...dimension.groups.map((g) => line(g.label, g.count, formatRate(g[measure].rate), formatImpactRatio(g[measure].impactRatio), note(g, measure))),
    line('Unknown', dimension.unknown.total, '', '', unknownNote(dimension)),
    '',
  ];
}

export function adverseImpactCsv(report: AdverseImpactReport): string {
  const lines = [
    line('Adverse impact summary', 'Hireloop'),
    line('Scope', `${report.scope.kind === 'job' ? 'Job' : 'Company'}: ${report.scope.name}`),
    line('Data from', report.from ?? ''),
    line('Data to', report.to ?? ''),
    line('Applicants (evaluated interviews)', report.evaluated),
    line('Advanced by a reviewer', report.selected),
    line('Scored', report.scored),
    line('Median overall score', report.medianScore),
    line('Selection rate', "Share of the category's applicants a reviewer advanced (their latest decision)"),
    line('Scoring rate', "Share of the category's scored applicants whose overall score is above the median of all scored applicants"),
    line('Impact ratio', `The category's rate divided by the highest rate among the compared categories; below ${IMPACT_RATIO_THRESHOLD} is flagged (four-fifths rule)`),
    line('Small categories', `Categories under ${SMALL_GROUP_SHARE * 100}% of the applicants with a known category are reported but excluded from impact ratios`),
    '',
    line('Selection rates'),
    ...report.dimensions.flatMap((d) => table(d, 'selection')),
    line('Scoring rates'),
    ...report.dimensions.flatMap((d) => table(d, 'scoring')),
  ];
  if (lines.at(-1) === '') lines.pop();
  return `${lines.join('\r\n')}\r\n`;
}
