import { Route, Switch, useSearch } from 'wouter';
import { AuthPage } from '@/client/features/auth/components/auth-page';
import { ProtectedRoute, SignedOutRoute } from '@/client/features/auth/components/protected-route';
import { BookDemoPage } from '@/client/features/marketing/components/book-demo-page';
import { InterviewReportPage } from '@/client/features/marketing/components/interview-report-page';
import { LandingPage } from '@/client/features/marketing/components/landing-page';
import { LiveInterviewPage } from '@/client/features/marketing/components/live-interview-page';
import { PhoneScreenPage } from '@/client/features/marketing/components/phone-screen-page';
import { AdminPage } from './pages/admin-page';
import { CandidateInterviewPage } from './pages/candidate-interview-page';
import { CreateJobPage } from './pages/create-job-page';
import { CreatePhoneScreeningPage } from './pages/create-phone-screening-page';
import { DashboardPage } from './pages/dashboard-page';
// Aliased: the marketing feature's InterviewReportPage (/product/interview-report) already has the name.
import { InterviewReportPage as RecruiterInterviewReportPage } from './pages/interview-report-page';
import { JobPage } from './pages/job-page';
import { NotFoundPage } from './pages/not-found-page';
import { PhoneCallPage } from './pages/phone-call-page';
import { PhoneScreeningCallPage } from './pages/phone-screening-call-page';
import { PhoneScreeningPage } from './pages/phone-screening-page';
import { ScreeningResultPage } from './pages/screening-result-page';

/** /interview/{id} is the candidate's screen with a token, else the recruiter's report. */
function InterviewRoute() {
  const token = new URLSearchParams(useSearch()).get('token');
  if (token) return <CandidateInterviewPage />;
  return (
    <ProtectedRoute>
      <RecruiterInterviewReportPage />
    </ProtectedRoute>
  );
}

export function AppRouter() {
  return (
    <Switch>
      <Route path="/">
        <SignedOutRoute>
          <LandingPage />
        </SignedOutRoute>
      </Route>
      <Route path="/auth">
        <SignedOutRoute>
          <AuthPage />
        </SignedOutRoute>
      </Route>
      <Route path="/book-demo" component={BookDemoPage} />
      <Route path="/product/live-interview" component={LiveInterviewPage} />
      <Route path="/product/phone-screen" component={PhoneScreenPage} />
      <Route path="/product/interview-report" component={InterviewReportPage} />
      <Route path="/candidate/:id" component={CandidateInterviewPage} />
      <Route path="/interview/:id" component={InterviewRoute} />
      <Route path="/phone-call/:candidateId" component={PhoneCallPage} />
      <Route path="/dashboard">
        <ProtectedRoute>
          <DashboardPage />
        </ProtectedRoute>
      </Route>
      <Route path="/admin">
        <ProtectedRoute role="admin">
          <AdminPage />
        </ProtectedRoute>
      </Route>
      <Route path="/job/new">
        <ProtectedRoute>
          <CreateJobPage />
        </ProtectedRoute>
      </Route>
      <Route path="/job/:id">
        <ProtectedRoute>
          <JobPage />
        </ProtectedRoute>
      </Route>
      <Route path="/phone-screening/new">
        <ProtectedRoute>
          <CreatePhoneScreeningPage />
        </ProtectedRoute>
      </Route>
      <Route path="/phone-screening/:id">
        <ProtectedRoute>
          <PhoneScreeningPage />
        </ProtectedRoute>
      </Route>
      <Route path="/phone-screening/:id/call/:candidateId">
        <ProtectedRoute>
          <PhoneScreeningCallPage />
        </ProtectedRoute>
      </Route>
      <Route path="/phone-screening/:id/candidates/:candidateId">
        <ProtectedRoute>
          <ScreeningResultPage />
        </ProtectedRoute>
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
