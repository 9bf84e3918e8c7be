import { useParams } from 'wouter';
import { recordIdFrom } from '@/contracts/record-ids';
import { ApplicationCard } from '@/client/features/apply/components/application-card';
import { InterviewReport } from '@/client/features/interview-report/components/interview-report';
import { AppShell } from '../app-shell';

/** The recruiter's report at /interview/{id} (the route sends a link with a candidate token to the candidate's screen). */
export function InterviewReportPage() {
  const { id } = useParams<{ id: string }>();
  const interviewId = recordIdFrom(id);
  return (
    <AppShell>
      <InterviewReport interviewIdParam={id} />
      {/* The cover note and CV of a candidate who applied on the public page (decision 035). */}
      {interviewId !== null ? (
        <div className="mt-6">
          <ApplicationCard applicant={{ kind: 'interview', id: interviewId }} />
        </div>
      ) : null}
    </AppShell>
  );
}
