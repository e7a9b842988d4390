import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { enqueueMail, leadMail } from '../outbox/index.ts';

export type LeadKind = 'demo' | 'startup' | 'savings' | 'enquiry';
export const leadKinds: readonly LeadKind[] = ['demo', 'startup', 'savings', 'enquiry'];

/** Writes a lead and its notification to sales in one transaction (D18). */
export async function storeLead(
  trx: Transaction<Database>,
  config: Config,
  kind: LeadKind,
  email: string,
  metadata: Record<string, unknown>,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('leads')
    .values({ id, type: kind, email, metadata: JSON.stringify(metadata), created_at: new Date().toISOString() })
    .execute();
  await enqueueMail(trx, `lead:${kind}`, leadMail(kind, { id, ...metadata }, config.mail.salesInbox, email));
  return id;
}
