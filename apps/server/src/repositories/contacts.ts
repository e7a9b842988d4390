import { randomUUID } from 'node:crypto';
import type { Contact } from '@growmail/contracts/developer-api';
import { normaliseEmail } from '@growmail/contracts/rules';
import { repository, type Executor } from './repository.ts';

const contactQueries = (db: Executor) => {
  /**
   * Creates the contact when its email is new; an existing contact is left exactly as it is
   * (the public key may create, never change). `created` says which happened.
   */
  async function create(contact: Contact): Promise<{ id: string; email: string; created: boolean }> {
    const { email, firstname, lastname, phone_number, ...attributes } = contact;
    const now = new Date().toISOString();
    const inserted = await db
      .insertInto('contacts')
      .values({
        id: randomUUID(),
        email: normaliseEmail(email),
        firstname: firstname ?? null,
        lastname: lastname ?? null,
        phone_number: phone_number ?? null,
        attributes: JSON.stringify(attributes),
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    const found = await db
      .selectFrom('contacts')
      .select(['id', 'email'])
      .where('email', '=', normaliseEmail(email))
      .executeTakeFirstOrThrow();
    return { ...found, created: Boolean(inserted) };
  }

  /** The id of the contact with this email, created when missing. */
  async function findOrCreate(email: string): Promise<string> {
    return (await create({ email })).id;
  }

  /** Whether this contact id belongs to this email. */
  async function matches(id: string, email: string): Promise<boolean> {
    const found = await db
      .selectFrom('contacts')
      .select('id')
      .where('id', '=', id)
      .where('email', '=', normaliseEmail(email))
      .executeTakeFirst();
    return Boolean(found);
  }

  /** Every contact: what a test reads to see what was stored. */
  function all() {
    return db.selectFrom('contacts').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  return { create, findOrCreate, matches, all };
};

export const contactsRepository = repository(contactQueries);
