import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api';
import { CURRENT_USER_KEY, createQueryClient, jsonQuery } from './query-client';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const jobs = z.array(z.object({ id: z.number() }));
const user = { id: 1, username: 'ada', companyName: 'Acme', isApproved: true, role: 'user' };

afterEach(() => vi.unstubAllGlobals());

describe('jsonQuery', () => {
  it('is keyed by its URL and parses the answer with the schema', async () => {
    const fetch = vi.fn(async () => answer(200, [{ id: 1, extra: 'dropped' }]));
    vi.stubGlobal('fetch', fetch);
    const query = jsonQuery('/api/job', jobs);
    expect(query.queryKey).toEqual(['/api/job']);
    await expect(createQueryClient().fetchQuery(query)).resolves.toEqual([{ id: 1 }]);
    expect(fetch).toHaveBeenCalledWith('/api/job', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });
});

describe('a call told UNAUTHENTICATED', () => {
  const signedOut = () => answer(401, { error: 'You need to sign in first', code: 'UNAUTHENTICATED' });

  it('makes a signed-in page ask for the session again (a query or a mutation)', async () => {
    vi.stubGlobal('fetch', async () => signedOut());
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_KEY, user);
    await expect(client.fetchQuery(jsonQuery('/api/job', jobs))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(client.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(true);

    const again = createQueryClient();
    again.setQueryData(CURRENT_USER_KEY, user);
    const mutation = again.getMutationCache().build(again, { mutationFn: () => apiRequest('POST', '/api/job', { title: 'x' }) });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(again.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(true);
  });

  it('leaves the session alone when nobody is signed in, and for any other failure', async () => {
    vi.stubGlobal('fetch', async () => signedOut());
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_KEY, null);
    await expect(client.fetchQuery(jsonQuery('/api/interview/1', jobs))).rejects.toBeDefined();
    expect(client.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(false);

    vi.stubGlobal('fetch', async () => answer(404, { error: 'Job not found', code: 'NOT_FOUND' }));
    const signedIn = createQueryClient();
    signedIn.setQueryData(CURRENT_USER_KEY, user);
    await expect(signedIn.fetchQuery(jsonQuery('/api/job/9', jobs))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(signedIn.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(false);
  });
});
