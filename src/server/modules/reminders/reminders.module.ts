import type { FastifyInstance } from 'fastify';
import { REMINDER_SWEEP, requestReminderRun, sendDueReminders } from './reminders.service';

/** Candidate reminders (decision 030): each instance asks hourly, the queue keeps one sweep per hour. */
export async function remindersModule(app: FastifyInstance): Promise<void> {
  const { background, config, database, mailer, now, queue } = app.deps;
  background.handle(REMINDER_SWEEP, async () => {
    app.log.info(await sendDueReminders({ db: database.db, mailer, appUrl: config.appUrl }, now()), 'candidate reminders ran');
  });
  background.every(60 * 60_000, 'queueing the reminder sweep', () => requestReminderRun(queue));
}
