import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { JobQueue } from './queue';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('job queue', () => {
  it('records a finished job as completed even when stopped the moment its handler returns', async () => {
    t = await createTestApp();
    // A slow database: pg-boss's "mark complete" statement takes a while to answer.
    const database = t.database;
    const slow = {
      ...database,
      executeSql: async (text: string, values?: unknown[]) => {
        if (text.includes("state = 'completed'")) await new Promise((r) => setTimeout(r, 1500));
        return database.executeSql(text, values);
      },
    };
    const queue = new JobQueue(slow, t.app.log, { pollingIntervalSeconds: 0.5 });
    await queue.start();
    let finish: () => void = () => {};
    const handled = new Promise<void>((resolve) => (finish = resolve));
    await queue.register<{ n: number }>('queue-test', async () => {
      finish();
    });
    const id = await queue.send('queue-test', { n: 1 });
    await handled;
    await queue.stop();
    const { rows } = await t.database.query<{ state: string }>('select state from pgboss.job where id = $1', [id]);
    expect(rows[0]?.state).toBe('completed');
  });
});
