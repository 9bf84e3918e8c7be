import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { CompanyRole } from '../../contracts/statuses';
import type { RubricCriterion } from '../../contracts/ai';
import type { Db } from '../db/client';
import { companies, interviews, jobs, users } from '../db/schema';
import { SESSION_USER_COLUMNS, type SessionUser } from '../modules/auth/session';

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

/**
 * A member of a company with the given role, approved, whose credentials sign in through
 * POST /api/login (a real argon2 hash).
 */
export async function makeMember(db: Db, companyId: number, companyRole: CompanyRole, overrides: Partial<typeof users.$inferInsert> = {}) {
  const username = overrides.username ?? `${companyRole}-${randomBytes(4).toString('hex')}`;
  const password = 'correct horse battery';
  const [user] = await db
    .insert(users)
    .values({ companyId, username, passwordHash: await hash(password), isApproved: true, reviewStatus: 'approved', companyRole, ...overrides })
    .returning();
  return { user: user!, username, password };
}

/** A user as a signed-in request carries it (for calling services directly). */
export async function sessionUserNamed(db: Db, username: string): Promise<SessionUser> {
  const [row] = await db
    .select(SESSION_USER_COLUMNS)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}
