import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import type { LeadSource } from '@growmail/contracts/lead-source';
import type { Config } from '../config.ts';
import { leadMail } from '../outbox/mail.ts';
import type { Repositories } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';
import { recordEvent } from '../webhooks/events.ts';
import { acknowledge } from './acknowledgement.ts';
import { searchKeys } from './lead-search.ts';

/**
 * Writes a lead, its notification to sales, its webhook event and the writer's acknowledgement
 * in one transaction (D18). The lead keeps its language (D37): the sales mail names it, the
 * webhook carries it, and the acknowledgement is written in it. Its source (D42) goes with the
 * webhook beside the fields, never in them. Its search keys are made from its fields (issue 54).
 */
export async function storeLead(
  data: Pick<Repositories, 'leads' | 'mail' | 'suppressions' | 'webhooks'>,
  trx: Executor,
  config: Config,
  kind: LeadKind,
  email: string,
  metadata: Record<string, unknown>,
  language: Language = 'en',
  /** Where it came from (D42), kept beside `metadata`, never in it. */
  source: LeadSource | null = null,
  /** A post released from the quarantine: when it was sent, and who released it. */
  released?: { sentAt: string; by: string },
): Promise<string> {
  const id = await data.leads.in(trx).insert(kind, email, metadata, searchKeys(metadata), language, source, released);
  await data.mail
    .in(trx)
    .enqueue(`lead:${kind}`, leadMail(kind, { id, ...metadata }, config.mail.salesInbox, email, language));
  await recordEvent(data, trx, config, 'lead.created', {
    lead_id: id,
    form: kind,
    email,
    fields: metadata,
    language,
    source,
  });
  await acknowledge(data, trx, kind, email, id, language);
  return id;
}
