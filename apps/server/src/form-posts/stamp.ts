import type { FastifyInstance } from 'fastify';
import { trackingSecret } from '../secrets.ts';
import { mintFormStamp } from '../submissions/screening.ts';

const secrets = new WeakMap<FastifyInstance, string>();

/**
 * The secret the form stamps are signed with, read once; null while it cannot be read (the
 * database is away and TRACKING_SECRET unset), and asked again next time.
 */
export async function formStampSecret(app: FastifyInstance): Promise<string | null> {
  let secret = secrets.get(app);
  if (!secret) {
    try {
      secret = await trackingSecret(app, app.config);
      secrets.set(app, secret);
    } catch (error) {
      app.log.warn({ reason: (error as Error).message }, 'form stamp not signed: no secret');
      return null;
    }
  }
  return secret;
}

/** A stamp signed for an instant (a shared page's window start), or null while the secret cannot be read. */
export async function signFormStamp(app: FastifyInstance, issuedAt: Date): Promise<string | null> {
  const secret = await formStampSecret(app);
  return secret ? mintFormStamp(secret, issuedAt) : null;
}

/**
 * A stamp signed now, for a lead form's page rendered for one answer (a form's problems, D35);
 * null while the stamp's secret cannot be read, when such a lead is held for a person to
 * release, never lost.
 */
export const formStampNow = (app: FastifyInstance): Promise<string | null> => signFormStamp(app, new Date());
