import type { LeadKind } from '@growmail/contracts/form-names';
import type { Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { enqueueMail, leadMail } from '../outbox/index.ts';
import { leadsRepository } from '../repositories/leads.ts';
import { acknowledge } from './acknowledgement.ts';
import { recordEvent } from '../webhooks/events.ts';

/**
 * Writes a lead, its notification to sales, its webhook event and the writer's acknowledgement
 * in one transaction (D18).
 */
export async function storeLead(
  trx: Transaction<Database>,
  config: Config,
  kind: LeadKind,
  email: string,
  metadata: Record<string, unknown>,
): Promise<string> {
  const id = await leadsRepository(trx).insert(kind, email, metadata);
  await enqueueMail(trx, `lead:${kind}`, leadMail(kind, { id, ...metadata }, config.mail.salesInbox, email));
  await recordEvent(trx, config, 'lead.created', { lead_id: id, form: kind, email, fields: metadata });
  await acknowledge(trx, kind, email, id);
  return id;
}
