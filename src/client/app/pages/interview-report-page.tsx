import { useParams } from 'wouter';
import { InterviewReport } from '@/client/features/interview-report/components/interview-report';
import { AppShell } from '../app-shell';

/** The recruiter's report at /interview/{id} (the route sends a link with a candidate token to the candidate's screen). */
export function InterviewReportPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <AppShell>
      <InterviewReport interviewIdParam={id} />
    </AppShell>
  );
}
