import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The contact with this email, created when missing. Emails are kept lower-case: one person, one contact. */
export async function findOrCreateContact(trx: Transaction<Database>, email: string): Promise<string> {
  const normalised = email.trim().toLowerCase();
  const existing = await trx.selectFrom('contacts').select('id').where('email', '=', normalised).executeTakeFirst();
  if (existing) return existing.id;
  const id = randomUUID();
  const now = new Date().toISOString();
  await trx.insertInto('contacts').values({ id, email: normalised, created_at: now, updated_at: now }).execute();
  return id;
}

/** Makes sure a list exists; the newsletter list is created on its first subscriber. */
export async function ensureList(trx: Transaction<Database>, id: string, name: string): Promise<void> {
  await trx
    .insertInto('lists')
    .values({ id, name, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
