import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account.routes';
import { adminRoutes } from './admin/admin.routes';
import { adverseImpactRoutes } from './adverse-impact/adverse-impact.routes';
import { answerTranscriptionRoutes } from './answer-transcription/answer-transcription.routes';
import { apiKeyRoutes } from './api-keys/api-keys.routes';
import { applyRoutes } from './apply/apply.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { candidateDataModule } from './candidate-data/candidate-data.module';
import { candidateRoomRoutes } from './candidate-room/candidate-room.routes';
import { consentRoutes } from './consent/consent.routes';
import { demoRoutes } from './demo/demo.routes';
import { evaluationModule } from './evaluation/evaluation.module';
import { healthRoutes } from './health/health.routes';
import { importRoutes } from './imports/imports.routes';
import { interviewRoutes } from './interviews/interviews.routes';
import { jobRoutes } from './jobs/jobs.routes';
import { memberRoutes } from './members/members.routes';
import { notificationsModule } from './notifications/notifications.module';
import { openApiRoutes } from './openapi/openapi.routes';
import { outboxModule } from './outbox/outbox.module';
import { phoneCallsModule } from './phone-calls/phone-calls.module';
import { phoneScreeningRoutes } from './phone-screenings/phone-screenings.routes';
import { remindersModule } from './reminders/reminders.module';
import { reportRoutes } from './report/report.routes';
import { speechRoutes } from './speech/speech.routes';
import { templateRoutes } from './templates/templates.routes';
import { webhooksModule } from './webhooks/webhooks.module';

/**
 * The product's modules, in the order they are registered (decision 061). Each is one Fastify plugin
 * that registers its own routes, and declares its queue handlers and periodic work on
 * `app.deps.background`; a module with nothing but routes is its routes' plugin. The OpenAPI
 * document's routes come last, once every route they describe is known.
 */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  demoRoutes,
  adminRoutes,
  speechRoutes,
  jobRoutes,
  templateRoutes,
  interviewRoutes,
  importRoutes,
  applyRoutes,
  phoneScreeningRoutes,
  phoneCallsModule,
  candidateRoomRoutes,
  answerTranscriptionRoutes,
  evaluationModule,
  reportRoutes,
  candidateDataModule,
  consentRoutes,
  auditRoutes,
  memberRoutes,
  notificationsModule,
  remindersModule,
  adverseImpactRoutes,
  webhooksModule,
  apiKeyRoutes,
  outboxModule,
  openApiRoutes,
];
