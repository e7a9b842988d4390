import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '@growmail/server/db';

/**
 * Runs `change` while the database refuses every audit row, as a trigger raising an error, and
 * expects it to fail with that refusal: a change written in one transaction with its audit row
 * then keeps nothing, which the caller checks. The trigger is gone afterwards.
 */
export async function withAuditRefused(db: Db, change: () => Promise<unknown>): Promise<void> {
  if (db.dialect === 'postgres') {
    await sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(
      db.kysely,
    );
    await sql`create trigger refuse_audit before insert on team_audit for each row execute function refuse_audit()`.execute(
      db.kysely,
    );
  } else {
    await sql`create trigger refuse_audit before insert on team_audit begin select raise(abort, 'audit refused'); end`.execute(
      db.kysely,
    );
  }
  try {
    await expect(change()).rejects.toThrow(/audit refused/);
  } finally {
    await sql`drop trigger refuse_audit${sql.raw(db.dialect === 'postgres' ? ' on team_audit' : '')}`.execute(
      db.kysely,
    );
    if (db.dialect === 'postgres') await sql`drop function refuse_audit`.execute(db.kysely);
  }
}
