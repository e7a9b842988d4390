import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';

type Fields = Record<string, unknown>;
export type StoredContact = { id: string; created_at: string; fields: Fields };

/** How many sandbox contacts are kept, and for how long after their last change. */
export const sandboxMemory = { contacts: 1_000, ttlMs: 60 * 60 * 1000 };

/**
 * The only thing the sandbox keeps: contacts by email, so that sending one again updates it
 * (same id, `extra_data` merged) as the real API does. Bounded and expiring (D33): at most
 * 1,000 contacts for an hour each, in this process's memory, never written anywhere.
 */
export class SandboxContacts {
  readonly #contacts = new LRUCache<string, StoredContact>({ max: sandboxMemory.contacts, ttl: sandboxMemory.ttlMs });

  upsert(fields: Fields & { email: string }): StoredContact {
    const key = fields.email.toLowerCase();
    const existing = this.#contacts.get(key);
    const merged: Fields = { ...existing?.fields, ...fields };
    if (existing?.fields.extra_data && fields.extra_data) {
      merged.extra_data = { ...(existing.fields.extra_data as Fields), ...(fields.extra_data as Fields) };
    }
    const contact = {
      id: existing?.id ?? randomUUID(),
      created_at: existing?.created_at ?? new Date().toISOString(),
      fields: merged,
    };
    this.#contacts.set(key, contact);
    return contact;
  }

  get size(): number {
    return this.#contacts.size;
  }
}
