/** Thrown by the interview's steps when the run they belong to was cancelled (error, retry, unmount). */
export class RunAborted extends Error {
  constructor() {
    super('The interview run was cancelled');
    this.name = 'RunAborted';
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new RunAborted();
}

/** Waits `ms`, or less when the signal aborts (then it resolves rather than rejects). */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
