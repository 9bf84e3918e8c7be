import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_ROLES, hasCompanyRole, type CompanyRole } from '../../contracts/statuses';
import { companies, users } from '../db/schema';
import { Agent, createTestApp, type TestApp } from '../test/app';
import { makeMember } from '../test/factories';
import { eq } from 'drizzle-orm';

// The role matrix (issue 16, decision 026): every route a signed-in member calls, against each
// company role. The policy is written out here, route by route, so that a new route, or a route
// whose role changes, must be placed in it on purpose: the first test fails otherwise.

/** Only owners: members, the company's settings and records, legal holds. */
const OWNER = [
  'PATCH /api/company/settings',
  'GET /api/company/export',
  'PUT /api/interview/:id/legal-hold',
  'PUT /api/phone-screening/candidates/:candidateId/legal-hold',
  'GET /api/audit-log',
  'GET /api/audit-log/actors',
  'GET /api/audit-log.csv',
  'POST /api/members/invitations',
  'DELETE /api/members/invitations/:id',
  'PATCH /api/members/:id',
  'DELETE /api/members/:id',
  'GET /api/api-keys',
  'POST /api/api-keys',
  'DELETE /api/api-keys/:id',
  'GET /api/webhooks',
  'POST /api/webhooks',
  'PATCH /api/webhooks/:id',
  'DELETE /api/webhooks/:id',
  'GET /api/webhooks/:id/secret',
  'POST /api/webhooks/:id/secret/roll',
  'GET /api/webhooks/:id/deliveries',
  'POST /api/webhooks/:id/test',
  'POST /api/webhooks/deliveries/:id/redeliver',
];

/** Reads closed to viewers: candidates' self-identification statistics, a candidate's whole data, and the emails waiting to go to candidates. */
const RECRUITER_READS = [
  'GET /api/job/:id/adverse-impact',
  'GET /api/job/:id/adverse-impact.csv',
  'GET /api/company/adverse-impact',
  'GET /api/company/adverse-impact.csv',
  'GET /api/job/:id/adverse-impact/counts',
  'GET /api/company/adverse-impact/counts',
  'GET /api/interview/:id/export',
  'GET /api/phone-screening/candidates/:candidateId/export',
  // The company's outbox: candidates' emails with their links, for those who send them (issue 29).
  'GET /api/outbox',
];

/** Changes any member makes to their own account: their password, sessions, email and notifications. */
const SELF_SERVICE = [
  'PATCH /api/account',
  'POST /api/account/password',
  'DELETE /api/account/sessions/others',
  'DELETE /api/account/sessions/:publicId',
  'PUT /api/notifications/settings',
];

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

function expectedRole(method: string, url: string): CompanyRole {
  const k = `${method} ${url}`;
  if (OWNER.includes(k)) return 'owner';
  if (RECRUITER_READS.includes(k)) return 'recruiter';
  if (SELF_SERVICE.includes(k)) return 'viewer';
  return method === 'GET' ? 'viewer' : 'recruiter';
}

let t: TestApp;
const agents = {} as Record<CompanyRole, Agent>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = new Agent(t.app);
  expect((await owner.register('matrix-owner', 'Matrix Co')).statusCode).toBe(201);
  agents.owner = owner;
  const [{ companyId }] = (await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'matrix-owner'))) as [{ companyId: number }];
  for (const role of ['recruiter', 'viewer'] as const) {
    const member = await makeMember(t.database.db, companyId, role);
    const agent = new Agent(t.app);
    expect((await agent.post('/api/login', { username: member.username, password: member.password })).statusCode).toBe(200);
    agents[role] = agent;
  }
  expect(await t.database.db.select().from(companies)).toHaveLength(1);
});
afterAll(() => t.close());

const memberRoutes = () => t.app.routeAccess.filter((r) => r.access === 'user');

describe('the role matrix', () => {
  it('gives every signed-in route the role the policy says, and the policy names only routes that exist', () => {
    const routes = memberRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const wrong = routes.filter((r) => r.role !== expectedRole(r.method, r.url)).map((r) => `${key(r)}: declared ${r.role}, policy ${expectedRole(r.method, r.url)}`);
    expect(wrong).toEqual([]);
    const known = new Set(routes.map(key));
    expect([...OWNER, ...RECRUITER_READS, ...SELF_SERVICE].filter((k) => !known.has(k))).toEqual([]);
  });

  // Each route is called by each role with an id nobody has: the role is checked before anything
  // is looked up or validated, so a refusal is the role's; an allowed call goes on to 400 or 404.
  const path = (url: string) => url.replace(/:[A-Za-z]+/g, '999999');

  it.each(COMPANY_ROLES)('answers the %s 403 on exactly the routes above their role, with a sentence saying so', async (role) => {
    const outcomes: string[] = [];
    for (const route of memberRoutes()) {
      if (route.role === 'viewer') continue;
      const res = await agents[role].request(route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path(route.url), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      const refused = res.statusCode === 403 && res.json<{ code: string }>().code === 'FORBIDDEN';
      const allowed = hasCompanyRole(role, route.role!);
      if (refused === allowed) outcomes.push(`${key(route)} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      if (refused) expect(res.json<{ error: string }>().error).toMatch(new RegExp(`You are an? ${role} in this company`));
    }
    expect(outcomes).toEqual([]);
  });

  it('lets every role read what any member reads', async () => {
    for (const role of COMPANY_ROLES) {
      for (const url of ['/api/user', '/api/job', '/api/phone-screening', '/api/data-requests']) {
        expect((await agents[role].get(url)).statusCode, `${url} as ${role}`).toBe(200);
      }
    }
  });
});
