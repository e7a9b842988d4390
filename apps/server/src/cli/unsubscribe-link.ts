import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/index.ts';
import { mintUnsubscribeLink } from '../services/users/tracking.ts';

/**
 * Prints a working preferences-page link for a subscriber (D17), signed like the ones the
 * users service issues: `npm run unsubscribe-link -- someone@example.com [--list newsletter]`.
 */
const { positionals, values } = parseArgs({ allowPositionals: true, options: { list: { type: 'string' } } });
const email = positionals[0];
if (!email || positionals.length > 1) {
  console.error('Usage: npm run unsubscribe-link -- <email> [--list <list id>]');
  process.exit(2);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const db = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db.kysely);
  const link = await mintUnsubscribeLink(db, config, email, values.list);
  if (!link) {
    console.error(`${email} is not on the list ${values.list ?? config.audienceId}.`);
    process.exitCode = 1;
  } else {
    console.log(link);
  }
} finally {
  await db.close();
}
