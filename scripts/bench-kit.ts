/** What the benchmarks share: a free loopback port, and the machine's PostgreSQL for scratch databases. */
import { createServer } from 'node:net';
import pg from 'pg';

/** The machine's PostgreSQL (trust authentication); benchmarks make and drop their own databases on it. */
export const postgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A loopback port nothing listens on (it was free a moment ago). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** Whether PostgreSQL answers a query at `postgresUrl` within two seconds. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One statement on the server's own database (CREATE DATABASE, DROP DATABASE). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
