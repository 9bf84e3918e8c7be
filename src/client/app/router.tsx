import { useEffect, type ReactNode } from 'react';
import { Route, Switch, useParams, useSearch } from 'wouter';
import { ProtectedRoute, SignedOutRoute } from '@/client/features/auth/components/protected-route';
import { usePrefetchCandidateRoom } from '@/client/features/candidate-room/api/prefetch-candidate-room';
import { parseCandidateLink } from './candidate-link';
import { lazyPage, withZodMessages } from './lazy-page';
import { PageLoadBoundary } from './page-load-boundary';
import { useScrollRestoration } from './scroll-on-navigate';
import { NotFoundPage } from './pages/not-found-page';

// Code split by route (decision 016): the entry holds React, react-query, wouter and the session;
// the public site, the sign-in page, the demo request, the candidate room, the phone call page and
// the recruiter workspace each load with their routes (what they share goes in shared chunks, see
// vite.config.ts). Pages that validate with zod load its messages with them.

// The public site.
const LandingPage = lazyPage(() => import('./sections/public-site').then((m) => m.LandingPage));
const LiveInterviewPage = lazyPage(() => import('./sections/public-site').then((m) => m.LiveInterviewPage));
const PhoneScreenPage = lazyPage(() => import('./sections/public-site').then((m) => m.PhoneScreenPage));
// The marketing feature's /product/interview-report, not the recruiter's report.
const ProductReportPage = lazyPage(() => import('./sections/public-site').then((m) => m.InterviewReportPage));
// 'See It in Action': its own chunk, so the landing page loads none of it (decision 043).
const TourPage = lazyPage(() => import('@/client/features/marketing/components/tour-page').then((m) => m.TourPage));
const BookDemoPage = lazyPage(withZodMessages(() => import('@/client/features/marketing/components/book-demo-page').then((m) => m.BookDemoPage)));
const AuthPage = lazyPage(() => import('@/client/features/auth/components/auth-page').then((m) => m.AuthPage));
const ForgotPasswordPage = lazyPage(withZodMessages(() => import('./pages/forgot-password-page').then((m) => m.ForgotPasswordPage)));
const ResetPasswordPage = lazyPage(withZodMessages(() => import('./pages/reset-password-page').then((m) => m.ResetPasswordPage)));
const JoinPage = lazyPage(withZodMessages(() => import('./pages/join-page').then((m) => m.JoinPage)));
// The link in every notification email (decision 031): public, the token is the access.
const UnsubscribePage = lazyPage(withZodMessages(() => import('@/client/features/notifications/components/unsubscribe-page').then((m) => m.UnsubscribePage)));

// The candidate's pages (a token link each).
const CandidateInterviewPage = lazyPage(() => import('./pages/candidate-interview-page').then((m) => m.CandidateInterviewPage));
const PhoneCallPage = lazyPage(() => import('./pages/phone-call-page').then((m) => m.PhoneCallPage));
// A job's or a screening's public application page: its own chunk, no zod and no recruiter code (decision 035).
const ApplyPage = lazyPage(() => import('./pages/apply-page').then((m) => m.ApplyPage));

// The recruiter workspace: one chunk for all its pages.
const workspacePages = {
  DashboardPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.DashboardPage))),
  AdminPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.AdminPage))),
  CreateJobPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.CreateJobPage))),
  JobPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.JobPage))),
  ReportPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.InterviewReportPage))),
  CreatePhoneScreeningPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.CreatePhoneScreeningPage))),
  PhoneScreeningPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.PhoneScreeningPage))),
  PhoneScreeningCallPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.PhoneScreeningCallPage))),
  ScreeningResultPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.ScreeningResultPage))),
  SettingsPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.SettingsPage))),
  AuditLogPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.AuditLogPage))),
  TeamPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.TeamPage))),
  AccountPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.AccountPage))),
  NotificationsPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.NotificationsPage))),
  ApiKeysPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.ApiKeysPage))),
  WebhooksPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.WebhooksPage))),
  OutboxPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.OutboxPage))),
  JobAdverseImpactPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.JobAdverseImpactPage))),
  CompanyAdverseImpactPage: lazyPage(withZodMessages(() => import('./sections/workspace').then((m) => m.CompanyAdverseImpactPage))),
};
const { DashboardPage, AdminPage, CreateJobPage, JobPage, ReportPage, CreatePhoneScreeningPage, PhoneScreeningPage, PhoneScreeningCallPage, ScreeningResultPage, SettingsPage } =
  workspacePages;

/**
 * A recruiter page: the workspace's chunk is asked for at once, so it loads while the session check
 * runs (not after it), and since it holds every workspace page, moving around never waits again.
 */
function Workspace({ children, role }: { children: ReactNode; role?: 'admin' }) {
  useEffect(() => {
    for (const page of Object.values(workspacePages)) void page.preload().catch(() => undefined);
  }, []);
  return <ProtectedRoute role={role}>{children}</ProtectedRoute>;
}

/** The candidate's room: its data is asked for here, while the room's chunk loads. */
function CandidateRoute() {
  const { id } = useParams<{ id: string }>();
  usePrefetchCandidateRoom(parseCandidateLink(id, useSearch()));
  return <CandidateInterviewPage />;
}

/** /interview/{id} is the candidate's screen with a token, else the recruiter's report. */
function InterviewRoute() {
  const token = new URLSearchParams(useSearch()).get('token');
  if (token) return <CandidateRoute />;
  return (
    <Workspace>
      <ReportPage />
    </Workspace>
  );
}

export function AppRouter() {
  useScrollRestoration();
  return (
    <PageLoadBoundary>
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
        <Route path="/forgot-password">
          <SignedOutRoute>
            <ForgotPasswordPage />
          </SignedOutRoute>
        </Route>
        {/* Not signed-out only: a link from the email works in a browser signed in to any account. */}
        <Route path="/reset-password/:token" component={ResetPasswordPage} />
        {/* The link in an invitation to join a company: a browser signed in elsewhere may open it too. */}
        <Route path="/join/:token" component={JoinPage} />
        <Route path="/unsubscribe" component={UnsubscribePage} />
        <Route path="/book-demo" component={BookDemoPage} />
        <Route path="/product/live-interview" component={LiveInterviewPage} />
        <Route path="/product/phone-screen" component={PhoneScreenPage} />
        <Route path="/product/interview-report" component={ProductReportPage} />
        <Route path="/tour" component={TourPage} />
        <Route path="/candidate/:id" component={CandidateRoute} />
        <Route path="/interview/:id" component={InterviewRoute} />
        <Route path="/phone-call/:candidateId" component={PhoneCallPage} />
        <Route path="/apply/:slug" component={ApplyPage} />
        <Route path="/dashboard">
          <Workspace>
            <DashboardPage />
          </Workspace>
        </Route>
        <Route path="/settings">
          <Workspace>
            <SettingsPage />
          </Workspace>
        </Route>
        <Route path="/settings/audit">
          <Workspace>
            <workspacePages.AuditLogPage />
          </Workspace>
        </Route>
        <Route path="/settings/team">
          <Workspace>
            <workspacePages.TeamPage />
          </Workspace>
        </Route>
        <Route path="/settings/notifications">
          <Workspace>
            <workspacePages.NotificationsPage />
          </Workspace>
        </Route>
        <Route path="/settings/outbox">
          <Workspace>
            <workspacePages.OutboxPage />
          </Workspace>
        </Route>
        <Route path="/settings/webhooks">
          <Workspace>
            <workspacePages.WebhooksPage />
          </Workspace>
        </Route>
        <Route path="/settings/api-keys">
          <Workspace>
            <workspacePages.ApiKeysPage />
          </Workspace>
        </Route>
        <Route path="/account">
          <Workspace>
            <workspacePages.AccountPage />
          </Workspace>
        </Route>
        <Route path="/admin">
          <Workspace role="admin">
            <AdminPage />
          </Workspace>
        </Route>
        <Route path="/job/new">
          <Workspace>
            <CreateJobPage />
          </Workspace>
        </Route>
        <Route path="/job/:id/adverse-impact">
          <Workspace>
            <workspacePages.JobAdverseImpactPage />
          </Workspace>
        </Route>
        <Route path="/adverse-impact">
          <Workspace>
            <workspacePages.CompanyAdverseImpactPage />
          </Workspace>
        </Route>
        <Route path="/job/:id">
          <Workspace>
            <JobPage />
          </Workspace>
        </Route>
        <Route path="/phone-screening/new">
          <Workspace>
            <CreatePhoneScreeningPage />
          </Workspace>
        </Route>
        <Route path="/phone-screening/:id">
          <Workspace>
            <PhoneScreeningPage />
          </Workspace>
        </Route>
        <Route path="/phone-screening/:id/call/:candidateId">
          <Workspace>
            <PhoneScreeningCallPage />
          </Workspace>
        </Route>
        <Route path="/phone-screening/:id/candidates/:candidateId">
          <Workspace>
            <ScreeningResultPage />
          </Workspace>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </PageLoadBoundary>
  );
}
