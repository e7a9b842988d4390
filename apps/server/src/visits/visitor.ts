import { createHash, randomBytes } from 'node:crypto';

/** The UTC day of a moment, `YYYY-MM-DD`: the day a salt serves. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A visitor for one day (D42): a hash of the day's salt, the site, the client address and the
 * user agent. Without the salt, deleted after 48 hours, it cannot be made again or reversed.
 */
export const visitorHash = (salt: string, site: string, address: string, userAgent: string) =>
  createHash('sha256').update(`${salt}\n${site}\n${address}\n${userAgent}`).digest('base64url').slice(0, 22);

/**
 * The daily salts, read from the database once per day and server and kept in memory for the day
 * and the one before. The first server to need a day's salt makes it; the others read it.
 */
export class DailySalts {
  readonly #salts = new Map<string, Promise<string>>();
  readonly #load: (day: string, fresh: string) => Promise<string>;

  constructor(load: (day: string, fresh: string) => Promise<string>) {
    this.#load = load;
  }

  forDay(day: string): Promise<string> {
    let salt = this.#salts.get(day);
    if (!salt) {
      salt = this.#load(day, randomBytes(32).toString('base64url'));
      // A failed read is tried again by the next view, not kept.
      salt.catch(() => this.#salts.delete(day));
      this.#salts.set(day, salt);
      for (const kept of this.#salts.keys()) if (kept < day && this.#salts.size > 2) this.#salts.delete(kept);
    }
    return salt;
  }
}
