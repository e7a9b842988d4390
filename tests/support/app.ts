import { buildApp, type AppOptions } from '@growmail/server/app';
import { loadConfig } from '@growmail/server/config';
import { afterAll, beforeAll } from 'vitest';
import { startSmtp } from './smtp.ts';
import { startWebhookReceiver, webhookSecret } from './webhook-receiver.ts';

/**
 * The whole app on the real exported site, with an in-memory database unless one is given.
 * The lead forms' time check is off (FORM_MIN_FILL_SECONDS=0), since inject() sends at machine
 * speed; the quarantine tests turn it on. Every injected request comes from one address, so
 * the daily cap of demo slot requests per address is raised; its own test sets it.
 */
export async function testApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'db' | 'outbox' | 'webhooks'> = {},
) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'sqlite::memory:',
    SITE_ENV: 'testing',
    FORM_MIN_FILL_SECONDS: '0',
    DEMO_BOOKINGS_PER_ADDRESS_PER_DAY: '1000',
    ...env,
  });
  return buildApp({ config, ...options });
}

/**
 * For a suite: the app with its mail going to a fake SMTP server and its webhooks to a fake
 * receiver, both on this machine, started before the suite's tests and closed after them. Its
 * outbox and webhook rounds are quick enough for a test to wait on. `env` adds to the settings.
 */
export function useMailingApp(env: Record<string, string> = {}) {
  const mailing = {} as {
    app: Awaited<ReturnType<typeof testApp>>;
    smtp: Awaited<ReturnType<typeof startSmtp>>;
    receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  };
  beforeAll(async () => {
    mailing.smtp = await startSmtp();
    mailing.receiver = await startWebhookReceiver();
    mailing.app = await testApp(
      {
        SMTP_URL: mailing.smtp.url,
        SALES_INBOX: 'sales@growmail.test',
        MAIL_FROM: 'site@growmail.test',
        WEBHOOK_URL: mailing.receiver.url,
        WEBHOOK_SECRET: webhookSecret,
        RATE_LIMIT_PER_MINUTE: '1000',
        ...env,
      },
      { outbox: { pollMs: 50 }, webhooks: { pollMs: 50, retryBaseMs: 20 } },
    );
    await mailing.app.ready();
  }, 30_000);
  afterAll(async () => {
    await mailing.app?.close();
    await mailing.smtp?.close();
    await mailing.receiver?.close();
  });
  return mailing;
}
