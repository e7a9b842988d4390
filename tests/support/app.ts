import { buildApp, type AppOptions } from '@growmail/server/app';
import { loadConfig } from '@growmail/server/config';

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
