import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';

/**
 * Every change to who is in a company, or with which role, takes the company's row lock first
 * (FOR NO KEY UPDATE: it does not block the foreign-key checks of concurrent inserts), so two owners
 * acting at once are taken one after the other; and checks, under it, that the actor is still an
 * active owner (a concurrent change may have demoted or removed them since the route's role check).
 */
export async function lockCompanyAsOwner(tx: Tx, actor: SessionUser): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, actor.companyId)).for('no key update');
  const [me] = await tx.select({ companyRole: users.companyRole, removedAt: users.removedAt }).from(users).where(eq(users.id, actor.id));
  if (!me || me.removedAt || me.companyRole !== 'owner') throw new AppError('FORBIDDEN', 'Only an owner of the company can manage its members.');
}
