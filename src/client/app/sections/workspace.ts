// The recruiter workspace, one chunk: moving between its pages never waits for the network.
export { AccountPage } from '../pages/account-page';
export { ApiKeysPage } from '../pages/api-keys-page';
export { AdminPage } from '../pages/admin-page';
export { AuditLogPage } from '../pages/audit-log-page';
export { CreateJobPage } from '../pages/create-job-page';
export { CreatePhoneScreeningPage } from '../pages/create-phone-screening-page';
export { DashboardPage } from '../pages/dashboard-page';
export { InterviewReportPage } from '../pages/interview-report-page';
export { JobPage } from '../pages/job-page';
export { NotificationsPage } from '../pages/notifications-page';
export { PhoneScreeningCallPage } from '../pages/phone-screening-call-page';
export { PhoneScreeningPage } from '../pages/phone-screening-page';
export { ScreeningResultPage } from '../pages/screening-result-page';
export { SettingsPage } from '../pages/settings-page';
export { TeamPage } from '../pages/team-page';
export { WebhooksPage } from '../pages/webhooks-page';
export { OutboxPage } from '../pages/outbox-page';
export { CompanyAdverseImpactPage, JobAdverseImpactPage } from '../pages/adverse-impact-page';
