import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SELF_ID_RACES, SELF_ID_SEXES } from '../../../contracts/self-identification';
import { interviews } from './hiring';
import { oneOf } from './one-of';

/**
 * A candidate's voluntary self-identification (decision 023), kept apart from the interview: linked
 * to it by id alone, read only by the adverse-impact statistics, never by evaluation, the AI or a
 * recruiter's screen. A null answer is a question the candidate did not answer (both null: skipped).
 * It outlives the deletion of the candidate's data, attached to the anonymised row (decision 023).
 */
export const selfIdentifications = pgTable(
  'self_identifications',
  {
    interviewId: integer('interview_id')
      .primaryKey()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    sex: text('sex', { enum: SELF_ID_SEXES }),
    raceEthnicity: text('race_ethnicity', { enum: SELF_ID_RACES }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf('self_identifications_sex_check', t.sex, SELF_ID_SEXES), oneOf('self_identifications_race_ethnicity_check', t.raceEthnicity, SELF_ID_RACES)],
);
