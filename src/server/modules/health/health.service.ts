import type { FastifyBaseLogger } from 'fastify';

export type Check = 'database' | 'storage' | 'queue';
export type Readiness = { status: 'ready' | 'unavailable' } & Record<Check, 'up' | 'down'>;

/** A check that has not answered in this long counts as down: a probe must answer, not hang with what it asks. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * Readiness (decision 037): whether this instance can serve requests now, each dependency asked at
 * once. A check passes when its promise resolves; what failed is logged, never sent.
 */
export async function checkReadiness(checks: Record<Check, () => Promise<unknown>>, log: FastifyBaseLogger): Promise<Readiness> {
  const names = Object.keys(checks) as Check[];
  const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name]())));
  const readiness = { status: 'ready' } as Readiness;
  results.forEach((result, i) => {
    const name = names[i]!;
    readiness[name] = result.status === 'fulfilled' ? 'up' : 'down';
    if (result.status === 'rejected') {
      readiness.status = 'unavailable';
      log.warn({ check: name, reason: result.reason instanceof Error ? result.reason.message : String(result.reason) }, 'not ready');
    }
  });
  return readiness;
}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
