// The public site's pages, one chunk: moving between them never waits.
export { InterviewReportPage } from '@/client/features/marketing/components/interview-report-page';
export { LandingPage } from '@/client/features/marketing/components/landing-page';
export { LiveInterviewPage } from '@/client/features/marketing/components/live-interview-page';
export { PhoneScreenPage } from '@/client/features/marketing/components/phone-screen-page';
