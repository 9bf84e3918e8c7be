import { randomBytes } from 'node:crypto';
import type { RubricCriterion } from '../../contracts/ai';
import type { Db } from '../db/client';
import { companies, interviews, jobs, users } from '../db/schema';

/** Rows made straight in the database, for tests of features whose screens come later. */
export async function makeJob(db: Db, overrides: { title?: string; questions?: string[]; rubric?: RubricCriterion[] } = {}) {
  const [company] = await db.insert(companies).values({ name: 'Factory Co' }).returning();
  const [user] = await db
    .insert(users)
    .values({ companyId: company!.id, username: `factory-${randomBytes(4).toString('hex')}`, passwordHash: 'x', isApproved: true, reviewStatus: 'approved' })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({
      companyId: company!.id,
      userId: user!.id,
      title: overrides.title ?? 'Customer Support Specialist',
      description: 'Help customers by phone and email.',
      questions: overrides.questions ?? ['Tell me about a time you helped an upset customer.'],
      rubric: overrides.rubric ?? [
        { name: 'Customer service', description: 'Resolves customer problems with empathy.', weight: 60 },
        { name: 'Communication', description: 'Clear, structured answers.', weight: 40 },
      ],
    })
    .returning();
  return { company: company!, user: user!, job: job! };
}

export async function makeInterview(db: Db, jobId: number, overrides: Partial<typeof interviews.$inferInsert> = {}) {
  const [interview] = await db
    .insert(interviews)
    .values({ jobId, candidateName: 'Sam Rivera', email: 'sam@example.com', candidateToken: randomBytes(18).toString('base64url'), ...overrides })
    .returning();
  return interview!;
}
