import { isLanguage } from '@growmail/contracts/language';
import { sql, type Kysely } from 'kysely';
import { normalisePhone, regionsFor } from '../../submissions/phone.ts';

/** Leads read and written at a time: a batch's rows are parsed here, not in SQL. */
const batch = 1000;

/**
 * A phone number written without its country code (`0803 555 0101`) was kept as typed; issue 54
 * reads it in its page's markets, so the console can call it and search finds it. This reads the
 * numbers kept so far the same way: each lead's `phone_number`, in its language's markets and
 * Nigeria's, the default `TEAM_COUNTRY` (a migration has no configuration; a team elsewhere has
 * its market among the languages'). A number that reads in none stays as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; language: string; metadata: string }>`
      select id, language, metadata from leads
      where id > ${after} and metadata like ${'%"phone_number"%'}
      order by id limit ${batch}`.execute(db);
    for (const row of rows) {
      const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
      const typed = metadata.phone_number;
      if (typeof typed !== 'string' || typed.trim().startsWith('+')) continue;
      const read = normalisePhone(typed, regionsFor(isLanguage(row.language) ? row.language : 'en', 'NG'));
      if (read === typed) continue;
      await sql`update leads set metadata = ${JSON.stringify({ ...metadata, phone_number: read })} where id = ${row.id}`.execute(
        db,
      );
    }
    if (rows.length < batch) return;
    after = rows.at(-1)!.id;
  }
}

/** What was typed is not kept beside what was read, so there is nothing to put back. */
export async function down(): Promise<void> {}
