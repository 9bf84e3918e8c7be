import { MutationCache, QueryCache, QueryClient, queryOptions, type QueryFunction } from '@tanstack/react-query';
import { getJson, throwIfResNotOk, type Parser } from './api';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, isSignedOut } from './error-messages';

type UnauthorizedBehavior = 'returnNull' | 'throw';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The title of the toast a failure raises, its description saying why: set on the mutation,
       * shown by the client in one place (a form that shows a failure on its fields leaves it out).
       */
      failureToast?: string;
    };
  }
}

/** The signed-in user (GET /api/user; null when signed out): what the protected routes read. */
export const CURRENT_USER_KEY = ['/api/user'] as const;

/**
 * A read keyed by its URL (the spec's default read: a GET of the key's first element), its answer
 * parsed with the endpoint's contract. The candidate's pages and the entry load no zod: they cast,
 * and say so where they do.
 */
export function jsonQuery<T>(url: string, schema: Parser<T>) {
  return queryOptions({ queryKey: [url] as const, queryFn: () => getJson(url, schema) });
}

/**
 * GET the first element of the query key and take its JSON answer as `T`, unchecked: for the
 * session (in the entry, which loads no zod). It is also the default of a query without its own
 * queryFn; every recruiter read is a jsonQuery instead.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) {
      // Read the (small) body, so the response ends: an unread one stays open, and a page that
      // waits for the network to go quiet (Lighthouse, for one) waits for it forever.
      await res.text();
      return null as T;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export function createQueryClient(): QueryClient {
  /**
   * A signed-in page was told UNAUTHENTICATED: the session has ended (signed out in another tab,
   * expired, removed). Asking for the user again makes it null if so, and the protected routes then
   * send the person to /auth, as for any signed-out visit; a session that is still good stays.
   */
  const onError = (error: unknown) => {
    if (isSignedOut(error) && client.getQueryData(CURRENT_USER_KEY)) void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        onError(error);
        const title = mutation.meta?.failureToast;
        if (title) toast({ title, description: describeError(error), variant: 'destructive' });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
