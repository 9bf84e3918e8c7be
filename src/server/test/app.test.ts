import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp } from './app';

it('closes the app a test restarted, before the database under it', async () => {
  const t = await createTestApp();
  await t.app.close();
  const restarted = await buildApp(t.config, { database: t.database, queuePollSeconds: 0.5 });
  let closedWhileDatabaseOpen: boolean | undefined;
  restarted.addHook('onClose', async () => {
    closedWhileDatabaseOpen = await t.database.query('SELECT 1 AS one').then(
      () => true,
      () => false,
    );
  });
  await restarted.ready();
  t.app = restarted;
  await t.close();
  expect(closedWhileDatabaseOpen).toBe(true);
});
