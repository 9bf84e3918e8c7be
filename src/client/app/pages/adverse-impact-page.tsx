import { Link, useParams } from 'wouter';
import { AdverseImpactReportView } from '@/client/features/adverse-impact/components/adverse-impact-report';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { AppShell } from '../app-shell';

function Heading({ name, back }: { name: string | null; back: { href: string; label: string } }) {
  return (
    <div className="space-y-1">
      <Link href={back.href} className="text-sm text-brand-700 underline-offset-4 hover:underline">
        {back.label}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight">Adverse impact{name ? `: ${name}` : ''}</h1>
    </div>
  );
}

/** /job/{id}/adverse-impact: the job's report (decision 023). */
export function JobAdverseImpactPage() {
  const { id } = useParams<{ id: string }>();
  useDocumentTitle('Adverse impact — Hireloop');
  return (
    <AppShell>
      <AdverseImpactReportView scope={{ kind: 'job', jobId: id }} title={(name) => <Heading name={name} back={{ href: `/job/${id}`, label: 'Back to the job' }} />} />
    </AppShell>
  );
}

/** /adverse-impact: the company's report, across all its jobs. */
export function CompanyAdverseImpactPage() {
  useDocumentTitle('Adverse impact — Hireloop');
  return (
    <AppShell>
      <AdverseImpactReportView scope={{ kind: 'company' }} title={(name) => <Heading name={name && `all jobs of ${name}`} back={{ href: '/dashboard', label: 'Back to the dashboard' }} />} />
    </AppShell>
  );
}
