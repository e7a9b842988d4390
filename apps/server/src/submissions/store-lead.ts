import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import type { LeadSource } from '@growmail/contracts/lead-source';
import type { Config } from '../config.ts';
import { queueLeadAlerts } from '../outbox/alerts.ts';
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
 * webhook beside the fields, never in them. Its search keys are made from its fields, and the
 * members who get alerts are alerted on their devices, but the one who released it (issue 54).
 */
export async function storeLead(
  data: Pick<Repositories, 'alerts' | 'leads' | 'mail' | 'suppressions' | 'webhooks'>,
  trx: Executor,
  config: Config,
  kind: LeadKind,
  email: string,
  metadata: Record<string, unknown>,
  language: Language = 'en',
  /** Where it came from (D42), kept beside `metadata`, never in it. */
  source: LeadSource | null = null,
  /** A post released from the quarantine: when it was sent, and who released it (their name, and their id when a member). */
  released?: { sentAt: string; by: string; byMember?: string | null },
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
  await queueLeadAlerts(data, trx, id, { reason: 'new', except: released?.byMember ?? null });
  return id;
}
