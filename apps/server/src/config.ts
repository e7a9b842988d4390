import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { siteEnvironments } from '@growmail/contracts/routes';
import { defaultPushServiceHosts } from '@growmail/contracts/push';

/**
 * The server's configuration, read once from the environment at start-up (D21).
 * Every value the site shows (links, service bases, the public API key) is chosen here,
 * so one build serves every environment.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** An absolute http(s) origin with an optional path: no query, fragment or characters that need escaping. */
const baseUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://app.example.com' })
  .refine((value) => {
    const url = URL.parse(value);
    return !url || (!url.search && !url.hash && !/["'<>\\\s]/.test(value));
  }, 'must be a plain URL without query, fragment or quotes')
  .transform((value) => value.replace(/\/+$/, ''));

/** A service base: an absolute URL, or a path on this server such as /services/users. */
const serviceBase = z
  .union([baseUrl, z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a URL or a path starting with /')])
  .transform((value) => value.replace(/\/+$/, ''));

const environmentSchema = z.object({
  SITE_ENV: z.enum(siteEnvironments).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: baseUrl.optional(),
  APP_URL: baseUrl.default('https://app.growmail.io'),
  GUEST_URL: baseUrl.optional(),
  BLOG_URL: baseUrl.default('https://blog.growmail.io'),
  MODULES_URL: serviceBase.default('/services/modules'),
  USERS_URL: serviceBase.default('/services/users'),
  SALES_URL: serviceBase.default('/services/sales'),
  MESSAGING_URL: serviceBase.default('/services/messaging'),
  SITE_API_KEY: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, 'may hold only letters, digits, dot, dash and underscore')
    .default('gm_site_public_dev'),
  AUDIENCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, 'may hold only letters, digits, dot, dash and underscore')
    .default('newsletter'),
  DATABASE_URL: z
    .string()
    .refine(
      (value) => /^postgres(ql)?:\/\//.test(value) || value.startsWith('sqlite:'),
      'must be a postgres:// URL or sqlite:<file>',
    )
    .default('sqlite:data/growmail.sqlite'),
  SITE_DIR: z.string().min(1).default(resolve(repoRoot, 'apps/site/out')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  SALES_INBOX: z.email('must be an email address').default('sales@growmail.io'),
  MAIL_FROM: z.email('must be an email address').default('website@growmail.io'),
  TRACKING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9A-Za-z.:/, ]+$/, 'must list proxy addresses or ranges, such as 10.0.0.0/8, loopback')
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (npm run push -- keys makes a pair)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (npm run push -- keys makes a pair)')
    .optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379' })
    .optional(),
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(
      /^\s*(\*\.)?[a-z0-9.-]+(\s*,\s*(\*\.)?[a-z0-9.-]+)*\s*$/i,
      'must list host names, comma-separated; *.example.com allows its subdomains',
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .default('mailto:developers@growmail.io'),
});

export type Config = {
  env: (typeof siteEnvironments)[number];
  port: number;
  host: string;
  logLevel: string;
  siteDir: string;
  databaseUrl: string;
  /** Values the served pages carry, by the name the site's build refers to them. */
  urls: {
    public: string;
    app: string;
    guest: string;
    blog: string;
    modules: string;
    users: string;
    sales: string;
    messaging: string;
  };
  siteApiKey: string;
  audienceId: string;
  /** Lead notifications (D18): sent from the outbox when smtpUrl is set, kept until then. */
  mail: { smtpUrl: string | undefined; salesInbox: string; from: string };
  /** Signs unsubscribe tracking ids (D17); when unset, a random secret is kept in the database. */
  trackingSecret: string | undefined;
  /** Accepted submissions per client address, per endpoint, per minute. */
  rateLimitPerMinute: number;
  /** Addresses or ranges of proxies whose X-Forwarded-For is believed; empty trusts none. */
  trustProxy: string[];
  /** Shared counters (rate limits) live here when set, so every server counts together (D27). */
  redisUrl: string | undefined;
  /** Hosts a push subscription's endpoint may name (D25); `*.` allows subdomains. */
  pushServiceHosts: string[];
  /** Web push's VAPID keys; null when unset, and web push is then off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration; throws a ConfigError naming each bad variable. Empty values count as unset. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(environmentSchema.shape).flatMap((key) => {
      const value = env[key]?.trim();
      return value ? [[key, value]] : [];
    }),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name} ${issue.message} (got ${JSON.stringify(present[name] ?? '')})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (npm run push -- keys makes a pair)',
    );
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.SITE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    siteDir: resolve(e.SITE_DIR),
    databaseUrl: e.DATABASE_URL,
    urls: {
      public: publicUrl,
      app: e.APP_URL,
      guest: e.GUEST_URL ?? publicUrl,
      blog: e.BLOG_URL,
      modules: e.MODULES_URL,
      users: e.USERS_URL,
      sales: e.SALES_URL,
      messaging: e.MESSAGING_URL,
    },
    siteApiKey: e.SITE_API_KEY,
    audienceId: e.AUDIENCE_ID,
    mail: { smtpUrl: e.SMTP_URL, salesInbox: e.SALES_INBOX, from: e.MAIL_FROM },
    trackingSecret: e.TRACKING_SECRET,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    redisUrl: e.REDIS_URL,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS
      ? e.PUSH_SERVICE_HOSTS.split(',').map((host) => host.trim().toLowerCase())
      : [...defaultPushServiceHosts],
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : null,
  };
}
