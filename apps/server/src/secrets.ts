import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { Repositories } from './repositories/index.ts';

const secretKey = 'tracking_secret';

/**
 * The one secret the server signs with: unsubscribe tracking ids (`services/users`), form stamps
 * (`submissions/screening.ts`, `form-posts/stamp.ts`) and booking links (`demos/links.ts`).
 * TRACKING_SECRET, or a random secret made on first use and kept in the database for every server.
 */
export async function trackingSecret({ settings }: Pick<Repositories, 'settings'>, config: Config): Promise<string> {
  if (config.trackingSecret) return config.trackingSecret;
  return settings.getOrCreate(secretKey, () => randomBytes(32).toString('base64url'));
}
