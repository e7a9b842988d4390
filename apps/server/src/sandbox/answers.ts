import { randomUUID } from 'node:crypto';
import { sandboxRecipients, sandboxTestDomain, type SandboxStatus } from '@growmail/contracts/sandbox';
import type { SandboxContacts } from './memory.ts';

type Fields = Record<string, unknown>;

/** What a send to this address reports: a test recipient's own outcome, else `queued`. */
export function statusFor(address: string): SandboxStatus {
  const [local, domain] = address.toLowerCase().split('@');
  if (domain !== sandboxTestDomain) return 'queued';
  return sandboxRecipients.find((recipient) => recipient.local === local)?.status ?? 'queued';
}

/**
 * The `payload.data` of a good request: the documented example's fields in its order, with a
 * fresh id, the time, and what was sent in place of the example's values; then the other
 * fields sent. Attachments are echoed by name and size, never their content.
 */
export function answerData(operationId: string, example: Fields, body: Fields, contacts: SandboxContacts): Fields {
  const made: Fields = { id: randomUUID(), created_at: new Date().toISOString() };
  let sent: Fields = body;
  if (operationId === 'createContact') {
    const contact = contacts.upsert(body as Fields & { email: string });
    Object.assign(made, { id: contact.id, created_at: contact.created_at });
    sent = contact.fields;
  }
  if (operationId === 'sendTransactional') {
    made.status = statusFor(String(body.recipient_email));
    const attachments = body.attachments as { filename: string; content: string }[] | undefined;
    sent = {
      ...body,
      html: undefined,
      attachments: attachments?.map(({ filename, content }) => ({
        filename,
        bytes: Buffer.byteLength(content, 'base64'),
      })),
    };
  }
  const data: Fields = {};
  for (const key of Object.keys(example)) data[key] = made[key] ?? sent[key];
  for (const [key, value] of Object.entries(sent)) if (!(key in data)) data[key] = value;
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}
