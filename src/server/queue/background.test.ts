import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { Background } from './background';
import { JobQueue } from './queue';

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

/** A logger that keeps its warnings. */
function recordingLog() {
  const warnings: string[] = [];
  const log = { warn: (_: unknown, message: string) => warnings.push(message) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('background work of the modules', () => {
  it('registers the declared handlers when it starts, then takes the start steps, and a job sent is handled', async () => {
    t = await createTestApp();
    const queue = new JobQueue(t.database, t.app.log, { pollingIntervalSeconds: 0.5 });
    const background = new Background(queue, t.app.log);
    const handled: number[] = [];
    let received: () => void = () => {};
    const done = new Promise<void>((resolve) => (received = resolve));
    background.handle<{ n: number }>('background-test', async ({ n }) => {
      handled.push(n);
      received();
    });
    // A start step may already send to a declared queue: it exists by then.
    background.onStart(async () => {
      await queue.send('background-test', { n: 7 });
    });
    await background.start();
    await done;
    background.stop();
    await queue.stop();
    expect(handled).toEqual([7]);
  });

  it('runs periodic work at the start and on every period until stopped, and logs a failure by what it was', async () => {
    vi.useFakeTimers();
    const queue = { start: async () => {}, register: async () => {} } as unknown as JobQueue;
    const { log, warnings } = recordingLog();
    const background = new Background(queue, log);
    let runs = 0;
    background.every(60_000, 'counting', async () => {
      runs += 1;
    });
    background.every(60_000, 'mail delivery', () => Promise.reject(new Error('smtp down')));
    await background.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    expect(warnings).toEqual(['mail delivery failed']);

    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toBe(3);

    background.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(runs).toBe(3);
  });

  it('refuses work declared after the start, which would never run', async () => {
    const queue = { start: async () => {}, register: async () => {} } as unknown as JobQueue;
    const background = new Background(queue, recordingLog().log);
    await background.start();
    expect(() => background.every(1000, 'late', async () => {})).toThrow(/before the app starts/);
    expect(() => background.handle('late', async () => {})).toThrow(/before the app starts/);
  });
});
