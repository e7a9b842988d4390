import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEmail } from '@growmail/contracts/rules';
import * as z from 'zod/mini';
import { siteEnvironments } from '@growmail/contracts/routes';
import { defaultPushServiceHosts } from '@growmail/contracts/push';

/**
 * The server's configuration, read once from the environment at start-up (D21).
 * Every value the site shows (links, service bases, the public API key) is chosen here,
 * so one build serves every environment.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const plain = (pattern: RegExp, message: string) => z.string().check(z.regex(pattern, message));
const withDefault = <T extends z.ZodMiniType>(schema: T, value: z.input<T>) => z._default(schema, value as never);
const trimSlashes = (value: string) => value.replace(/\/+$/, '');
const mailbox = z.string().check(z.refine(isEmail, 'must be an email address'));

/** An absolute http(s) origin with an optional path: no query, fragment or characters that need escaping. */
const baseUrl = z.pipe(
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://app.example.com' }).check(
    z.refine((value) => {
      const url = URL.parse(value);
      return !url || (!url.search && !url.hash && !/["'<>\\\s]/.test(value));
    }, 'must be a plain URL without query, fragment or quotes'),
  ),
  z.transform(trimSlashes),
);

/** A service base: an absolute URL, or a path on this server such as /services/users. */
const serviceBase = z.pipe(
  z.union([baseUrl, plain(/^\/[A-Za-z0-9/_-]*$/, 'must be a URL or a path starting with /')]),
  z.transform(trimSlashes),
);

/** A whole number from the environment's text. */
const wholeNumber = (min: number, max: number, range: string) =>
  z.coerce
    .number({ error: 'must be a number' })
    .check(z.int('must be a whole number'), z.gte(min, range), z.lte(max, range));

const identifier = plain(/^[A-Za-z0-9._-]+$/, 'may hold only letters, digits, dot, dash and underscore');

const environmentSchema = z.object({
  SITE_ENV: withDefault(z.enum(siteEnvironments), 'development'),
  PORT: withDefault(wholeNumber(1, 65535, 'must be between 1 and 65535'), 3000),
  HOST: withDefault(z.string().check(z.minLength(1)), '0.0.0.0'),
  PUBLIC_URL: z.optional(baseUrl),
  APP_URL: withDefault(baseUrl, 'https://app.growmail.io'),
  GUEST_URL: z.optional(baseUrl),
  BLOG_URL: withDefault(baseUrl, 'https://blog.growmail.io'),
  MODULES_URL: withDefault(serviceBase, '/services/modules'),
  USERS_URL: withDefault(serviceBase, '/services/users'),
  SALES_URL: withDefault(serviceBase, '/services/sales'),
  MESSAGING_URL: withDefault(serviceBase, '/services/messaging'),
  SITE_API_KEY: withDefault(identifier, 'gm_site_public_dev'),
  AUDIENCE_ID: withDefault(identifier, 'newsletter'),
  DATABASE_URL: withDefault(
    z
      .string()
      .check(
        z.refine(
          (value) => /^postgres(ql)?:\/\//.test(value) || value.startsWith('sqlite:'),
          'must be a postgres:// URL or sqlite:<file>',
        ),
      ),
    'sqlite:data/growmail.sqlite',
  ),
  SITE_DIR: withDefault(z.string().check(z.minLength(1)), resolve(repoRoot, 'apps/site/dist')),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  SMTP_URL: z.optional(
    z.url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
    }),
  ),
  SALES_INBOX: withDefault(mailbox, 'sales@growmail.io'),
  MAIL_FROM: withDefault(mailbox, 'website@growmail.io'),
  TRACKING_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  RATE_LIMIT_PER_MINUTE: withDefault(wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be at least 1'), 10),
  FORM_MIN_FILL_SECONDS: withDefault(wholeNumber(0, 600, 'must be between 0 and 600'), 3),
  TRUST_PROXY: z.optional(
    plain(/^[0-9A-Za-z.:/, ]+$/, 'must list proxy addresses or ranges, such as 10.0.0.0/8, loopback'),
  ),
  VAPID_PUBLIC_KEY: z.optional(
    plain(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (npm run push -- keys makes a pair)'),
  ),
  VAPID_PRIVATE_KEY: z.optional(
    plain(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (npm run push -- keys makes a pair)'),
  ),
  REDIS_URL: z.optional(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379' }),
  ),
  PUSH_SERVICE_HOSTS: z.optional(
    plain(
      /^\s*(\*\.)?[a-z0-9.-]+(\s*,\s*(\*\.)?[a-z0-9.-]+)*\s*$/i,
      'must list host names, comma-separated; *.example.com allows its subdomains',
    ),
  ),
  WEBHOOK_URL: z.optional(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://crm.example.com/hooks/growmail' }),
  ),
  WEBHOOK_SECRET: z.optional(
    plain(
      /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/,
      'must be a whsec_ secret: whsec_ then at least 24 random bytes in base64',
    ),
  ),
  WEBHOOK_MAX_ATTEMPTS: withDefault(wholeNumber(1, 100, 'must be between 1 and 100'), 8),
  CDN_MAX_AGE: withDefault(wholeNumber(0, 31_536_000, 'must be between 0 and 31536000 seconds'), 0),
  METRICS_TOKEN: z.optional(
    plain(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable characters without spaces (openssl rand -hex 32)'),
  ),
  VAPID_SUBJECT: withDefault(
    plain(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL'),
    'mailto:developers@growmail.io',
  ),
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
  /**
   * A lead form sent sooner than this after its signed stamp was issued is quarantined as
   * automated; 0 turns the stamp check off.
   */
  formMinFillMs: number;
  /** Addresses or ranges of proxies whose X-Forwarded-For is believed; empty trusts none. */
  trustProxy: string[];
  /** Shared counters (rate limits) live here when set, so every server counts together (D27). */
  redisUrl: string | undefined;
  /** Hosts a push subscription's endpoint may name (D25); `*.` allows subdomains. */
  pushServiceHosts: string[];
  /** Web push's VAPID keys; null when unset, and web push is then off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** Where signed events go (Standard Webhooks); null when unset, and no events are written. */
  webhook: { url: string; secret: string; maxAttempts: number } | null;
  /** Seconds a shared cache (a CDN) may keep a page; 0 leaves pages to revalidate on every request. */
  cdnMaxAge: number;
  /** The bearer token `GET /metrics` asks for; unset, the metrics are not served. */
  metricsToken: string | undefined;
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
  if (Boolean(e.WEBHOOK_URL) !== Boolean(e.WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  WEBHOOK_URL and WEBHOOK_SECRET must be set together, or neither');
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
    formMinFillMs: e.FORM_MIN_FILL_SECONDS * 1000,
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
    webhook:
      e.WEBHOOK_URL && e.WEBHOOK_SECRET
        ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET, maxAttempts: e.WEBHOOK_MAX_ATTEMPTS }
        : null,
    cdnMaxAge: e.CDN_MAX_AGE,
    metricsToken: e.METRICS_TOKEN,
  };
}
