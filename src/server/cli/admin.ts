import '../../contracts/zod-messages';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { Mailer } from '../mail/mailer';
import { listAccounts, reviewAccount } from '../modules/admin/admin.service';
import { AppError } from '../lib/errors';

const usage = `Usage:
  npm run admin -- list
  npm run admin -- approve <username>
  npm run admin -- reject <username>`;

/** The embedded database serves one process at a time: refuse while the server holds it. */
function embeddedDatabaseInUse(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'server.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, username] = argv;
  if (command !== 'list' && !((command === 'approve' || command === 'reject') && username)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = embeddedDatabaseInUse(config.dataDir);
    if (pid) {
      console.error(`The server (pid ${pid}) is using the embedded database in ${config.dataDir}. Stop it first, or approve accounts at ${config.appUrl}/admin.`);
      return 1;
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mailer = new Mailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: pino({ level: 'warn' }) });
  try {
    if (command === 'list') {
      for (const a of await listAccounts(database.db)) {
        console.log(`${a.reviewStatus.padEnd(9)} ${a.username.padEnd(30)} ${a.companyName}`);
      }
      return 0;
    }
    const decision = command === 'approve' ? 'approved' : 'rejected';
    const account = await reviewAccount({ db: database.db, mailer, actorUserId: null, appUrl: config.appUrl }, { username: username! }, decision);
    await mailer.deliverPending();
    console.log(`${account.username} (${account.companyName}) is now ${account.reviewStatus}.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    mailer.close();
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
