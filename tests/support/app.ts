import { buildApp, type AppOptions } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

/** The whole app on the real exported site, with an in-memory database unless one is given. */
export async function testApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'db' | 'outbox' | 'webhooks'> = {},
) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:', SITE_ENV: 'testing', ...env });
  return buildApp({ config, ...options });
}
