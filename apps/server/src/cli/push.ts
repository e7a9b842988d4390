import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isPushServiceEndpoint, pushPayloadSchema, type PushPayload } from '@growmail/contracts/push';
import webPush from 'web-push';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openDatabase, type Db } from '../db/index.ts';

const usage = `Usage:
  npm run push -- keys
      Prints a new VAPID key pair for VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
  npm run push -- send --title <title> --body <body> [--email <address>] [--icon <url>] [--url <url>]
      Sends a notification to every stored subscription, or to one contact's.`;

export type SendResult = { trackingId: string; sent: number; removed: number; failed: number; refused: number };

/**
 * Sends one notification to the stored subscriptions (all, or one contact's) through the
 * web-push library, which encrypts it (aes128gcm) and signs it with the VAPID key. A push
 * service answering 404 or 410 says the subscription is gone for good, so it is deleted.
 * Each endpoint's host is checked again against the push services allowed now (D25), so a
 * row stored before the rule, or written by hand, cannot aim the sender at an internal host.
 */
export async function sendPush(
  db: Db,
  { vapid, hosts }: { vapid: NonNullable<Config['vapid']>; hosts: readonly string[] },
  message: Omit<PushPayload, 'tracking_id'> & { email?: string },
): Promise<SendResult> {
  const { email, ...content } = message;
  const payload = pushPayloadSchema.parse({ ...content, tracking_id: randomUUID() });
  let query = db.kysely
    .selectFrom('push_subscriptions')
    .innerJoin('contacts', 'contacts.id', 'push_subscriptions.contact_id')
    .select(['push_subscriptions.id', 'endpoint', 'p256dh', 'auth']);
  if (email) query = query.where('contacts.email', '=', email.toLowerCase());
  const subscriptions = await query.execute();

  const result: SendResult = { trackingId: payload.tracking_id, sent: 0, removed: 0, failed: 0, refused: 0 };
  const body = JSON.stringify(payload);
  for (const batch of chunks(subscriptions, 20)) {
    await Promise.all(
      batch.map(async (subscription) => {
        if (!isPushServiceEndpoint(subscription.endpoint, hosts)) {
          result.refused += 1;
          console.error(`Not sent to ${describeHost(subscription.endpoint)}: not a known push service.`);
          return;
        }
        try {
          await webPush.sendNotification(
            { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
            body,
            { vapidDetails: vapid, TTL: 24 * 60 * 60, contentEncoding: 'aes128gcm', timeout: 10_000 },
          );
          result.sent += 1;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await db.kysely.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
            result.removed += 1;
          } else {
            result.failed += 1;
            console.error(`Push to ${describeHost(subscription.endpoint)} failed: ${describe(error)}`);
          }
        }
      }),
    );
  }
  return result;
}

function* chunks<T>(items: T[], size: number) {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** The endpoint's origin only: the path is the subscription's secret. */
const describeHost = (endpoint: string) => URL.parse(endpoint)?.origin ?? 'an endpoint that is not a URL';

function describe(error: unknown): string {
  const status = (error as { statusCode?: number }).statusCode;
  return status ? `HTTP ${status}` : error instanceof Error ? error.message : String(error);
}

/** The command line: `keys` or `send`. Returns the exit code. */
export async function main(argv: string[], env = process.env): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      body: { type: 'string' },
      email: { type: 'string' },
      icon: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (command === 'keys') {
    const keys = webPush.generateVAPIDKeys();
    console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}`);
    return 0;
  }
  if (command !== 'send' || values.help || !values.title || !values.body) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig(env);
  if (!config.vapid) {
    console.error('Web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npm run push -- keys makes a pair).');
    return 1;
  }
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db.kysely);
    const result = await sendPush(
      db,
      { vapid: config.vapid, hosts: config.pushServiceHosts },
      {
        title: values.title,
        body: values.body,
        ...(values.icon ? { icon: values.icon } : {}),
        ...(values.url ? { url: values.url } : {}),
        ...(values.email ? { email: values.email } : {}),
      },
    );
    console.log(
      `Sent ${result.sent}, removed ${result.removed} gone subscription(s), ${result.failed} failed, ${result.refused} refused (not a known push service). tracking_id ${result.trackingId}`,
    );
    return result.failed + result.refused > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError || error instanceof TypeError ? error.message : error);
      process.exit(1);
    },
  );
}
