import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEmail } from '@growmail/contracts/rules';
import * as z from 'zod/mini';
import { siteEnvironments } from '@growmail/contracts/routes';
import { defaultPushServiceHosts } from '@growmail/contracts/push';
import { isPhoneCountry, phoneCountry } from './submissions/phone.ts';
import type { CountryCode } from 'libphonenumber-js/max';

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

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const listed = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');

/**
 * What each variable is for, in markdown. scripts/config-docs.ts writes docs/configuration.md and
 * .env.example from these and the schema's defaults, and `npm run lint` fails when they differ.
 * `default` says what applies when an optional variable is unset; a fixed default is read from the schema.
 */
export const settingDocs = z.registry<{ description: string; default?: string }>();
const about = (description: string, unset?: string) => (unset ? { description, default: unset } : { description });

export const environmentSchema = z.object({
  SITE_ENV: withDefault(z.enum(siteEnvironments), 'development').register(
    settingDocs,
    about(
      `${listed(siteEnvironments)}. Outside production every page carries \`noindex\` and robots.txt disallows all.`,
    ),
  ),
  PORT: withDefault(wholeNumber(1, 65535, 'must be between 1 and 65535'), 3000).register(
    settingDocs,
    about('Port to listen on.'),
  ),
  HOST: withDefault(z.string().check(z.minLength(1)), '0.0.0.0').register(
    settingDocs,
    about('Interface to listen on.'),
  ),
  PUBLIC_URL: z
    .optional(baseUrl)
    .register(
      settingDocs,
      about("This site's origin: canonical links, sitemap, robots.txt.", '`http://localhost:$PORT`'),
    ),
  APP_URL: withDefault(baseUrl, 'https://app.growmail.io').register(
    settingDocs,
    about('The separate app site (register, login).'),
  ),
  GUEST_URL: z.optional(baseUrl).register(settingDocs, about('The guest site that hosts `/demo`.', '`PUBLIC_URL`')),
  BLOG_URL: withDefault(baseUrl, 'https://blog.growmail.io').register(
    settingDocs,
    about('The blog, linked from the header and footer.'),
  ),
  MODULES_URL: withDefault(serviceBase, '/services/modules').register(
    settingDocs,
    about('Modules service base (spec "Calls made"). A path means this server; a URL means another host.'),
  ),
  USERS_URL: withDefault(serviceBase, '/services/users').register(settingDocs, about('Users service base.')),
  SALES_URL: withDefault(serviceBase, '/services/sales').register(settingDocs, about('Sales service base.')),
  MESSAGING_URL: withDefault(serviceBase, '/services/messaging').register(
    settingDocs,
    about('Messaging service base.'),
  ),
  SITE_API_KEY: withDefault(identifier, 'gm_site_public_dev').register(
    settingDocs,
    about('The site\'s public API key. It reaches the browser by design (spec "Calls made").'),
  ),
  AUDIENCE_ID: withDefault(identifier, 'newsletter').register(
    settingDocs,
    about('The newsletter audience. It reaches the browser too.'),
  ),
  WHATSAPP_NUMBER: z
    .optional(plain(/^\+[1-9][0-9]{6,14}$/, 'must be an E.164 number: + and 7 to 15 digits, such as +14155550123'))
    .register(
      settingDocs,
      about(
        'Adds "Chat on WhatsApp" links (`wa.me`) to the contact section, the demo page and the footer (D34), in E.164 form such as `+14155550123`. Unset: no page mentions WhatsApp.',
      ),
    ),
  TEAM_COUNTRY: withDefault(
    z.string().check(z.refine(isPhoneCountry, 'must be a country code such as NG, KE or CI')),
    'NG',
  ).register(
    settingDocs,
    about(
      "The team's own country (ISO 3166 code), where a phone number written without its country code is read when the language of its page does not say (issue 54). `NG`, `KE`, `GH`, `CI`, `SN`, `CM`…",
    ),
  ),
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
  ).register(settingDocs, about('`sqlite:<file>` or a `postgres://` URL. The migrations run at start.')),
  SITE_DIR: withDefault(z.string().check(z.minLength(1)), resolve(repoRoot, 'apps/site/dist')).register(
    settingDocs,
    about('The built site to serve.'),
  ),
  SITE_RENDERER: z
    .optional(z.string().check(z.minLength(1)))
    .register(
      settingDocs,
      about(
        "The build's renderer of the pages made per answer (D35): `dist-server/entry.mjs` beside `SITE_DIR`, unless set.",
      ),
    ),
  LOG_LEVEL: withDefault(z.enum(logLevels), 'info').register(settingDocs, about(`Log level: ${listed(logLevels)}.`)),
  SMTP_URL: z
    .optional(
      z.url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
      }),
    )
    .register(
      settingDocs,
      about(
        '`smtp://` or `smtps://` URL for the outbox, such as `smtp://user:pass@mail.example.com:587`. Unset: mails wait in the outbox until it is set.',
      ),
    ),
  SALES_INBOX: withDefault(mailbox, 'sales@growmail.io').register(
    settingDocs,
    about('Where demo, startup, savings and enquiry leads are emailed (D18).'),
  ),
  MAIL_FROM: withDefault(mailbox, 'website@growmail.io').register(
    settingDocs,
    about("The sender of the site's emails."),
  ),
  TRACKING_SECRET: z
    .optional(z.string().check(z.minLength(32, 'must be at least 32 characters')))
    .register(
      settingDocs,
      about(
        'Signs unsubscribe tracking ids (D17), form stamps (D30) and demo booking links (D32); at least 32 characters.',
        'random, kept in the database',
      ),
    ),
  RATE_LIMIT_PER_MINUTE: withDefault(wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be at least 1'), 10).register(
    settingDocs,
    about('Submissions per client address, per form endpoint, per minute (429 beyond).'),
  ),
  MCP_REQUESTS_PER_MINUTE: withDefault(wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be at least 1'), 120).register(
    settingDocs,
    about(
      "Requests per client address per minute to the docs' MCP server at `/mcp` (an agent sends several per question; 429 beyond).",
    ),
  ),
  FORM_MIN_FILL_SECONDS: withDefault(wholeNumber(0, 600, 'must be between 0 and 600'), 3).register(
    settingDocs,
    about(
      'A lead form sent sooner than this after its signed stamp was issued is quarantined as automated; `0` turns the stamp check off.',
    ),
  ),
  DEMO_NOTICE_MINUTES: withDefault(wholeNumber(0, 10_080, 'must be between 0 and 10080'), 120).register(
    settingDocs,
    about('Demo slots are offered from this many minutes ahead (D32).'),
  ),
  DEMO_BOOKINGS_PER_ADDRESS_PER_DAY: withDefault(
    wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be at least 1'),
    5,
  ).register(
    settingDocs,
    about(
      'Demo requests that ask for a slot, per client address, in any 24 hours (D32); beyond, the request is refused with 429 and takes no slot.',
    ),
  ),
  TRUST_PROXY: z
    .optional(plain(/^[0-9A-Za-z.:/, ]+$/, 'must list proxy addresses or ranges, such as 10.0.0.0/8, loopback'))
    .register(
      settingDocs,
      about(
        'Proxies whose `X-Forwarded-For` is believed for client addresses (the rate limit, and the daily visitor hash of D42; behind a proxy without it, visitors are told apart by user agent alone): addresses, CIDR ranges, `loopback`, `linklocal` or `uniquelocal`, comma-separated.',
        'none trusted',
      ),
    ),
  VAPID_PUBLIC_KEY: z
    .optional(plain(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (npm run push -- keys makes a pair)'))
    .register(
      settingDocs,
      about(
        "Web push's public key (base64url). Set with the private key, or web push is off: the footer's product updates and the team's alerts of leads. `npm run push -- keys` makes a pair.",
      ),
    ),
  VAPID_PRIVATE_KEY: z
    .optional(plain(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (npm run push -- keys makes a pair)'))
    .register(settingDocs, about("Web push's private key. It stays on the server.")),
  REDIS_URL: z
    .optional(
      z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379' }),
    )
    .register(
      settingDocs,
      about(
        '`redis://` or `rediss://` URL. Rate-limit counters and the batch of counted page views (D42) live there, so every server counts together; unset, each process counts alone. While Redis is away the limit is skipped, never a lead, and each server batches its own views.',
      ),
    ),
  PUSH_SERVICE_HOSTS: z
    .optional(
      plain(
        /^\s*(\*\.)?[a-z0-9.-]+(\s*,\s*(\*\.)?[a-z0-9.-]+)*\s*$/i,
        'must list host names, comma-separated; *.example.com allows its subdomains',
      ),
    )
    .register(
      settingDocs,
      about(
        `Hosts a push endpoint may name, comma-separated; \`*.example.com\` allows subdomains. Unset: ${listed(defaultPushServiceHosts)}.`,
        'Google, Mozilla, Apple, Microsoft',
      ),
    ),
  WEBHOOK_URL: z
    .optional(
      z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://crm.example.com/hooks/growmail' }),
    )
    .register(
      settingDocs,
      about(
        'Where signed events go (Standard Webhooks): `lead.created`, `newsletter.confirmed`, `newsletter.unsubscribed`, `demo.booked`, `demo.rescheduled`, `demo.cancelled`. Set with the secret, or no events are written.',
      ),
    ),
  WEBHOOK_SECRET: z
    .optional(
      plain(
        /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/,
        'must be a whsec_ secret: whsec_ then at least 24 random bytes in base64',
      ),
    )
    .register(
      settingDocs,
      about(
        'The `whsec_…` signing secret the receiver verifies with (`whsec_` then base64 of at least 24 random bytes).',
      ),
    ),
  WEBHOOK_MAX_ATTEMPTS: withDefault(wholeNumber(1, 100, 'must be between 1 and 100'), 8).register(
    settingDocs,
    about(
      'Attempts before an event is marked failed (kept; `npm run webhooks -- replay`). Waits double from 5 s to an hour.',
    ),
  ),
  CDN_MAX_AGE: withDefault(wholeNumber(0, 31_536_000, 'must be between 0 and 31536000 seconds'), 0).register(
    settingDocs,
    about(
      'Seconds a shared cache (a CDN) may keep a page (`s-maxage`, then served stale for up to a day while it refetches); `0`: every request revalidates. Hashed assets are immutable regardless; `/services` answers are never cached.',
    ),
  ),
  METRICS_TOKEN: z
    .optional(
      plain(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable characters without spaces (openssl rand -hex 32)'),
    )
    .register(
      settingDocs,
      about(
        'Bearer token for `GET /metrics` (Prometheus), at least 32 characters (`openssl rand -hex 32`). Unset: `/metrics` answers 404.',
      ),
    ),
  PUBLISHER_SITE: z
    .optional(z.string().check(z.minLength(1)))
    .register(
      settingDocs,
      about(
        "The publisher's own copy of the site (`npm run publisher`, D45): `apps/site` of a Git checkout of the released commit, with its `node_modules`, in a directory only the publisher writes. Each publish is built beside it and committed to its `content` branch. Unset, the publisher does not start; servers ignore it.",
      ),
    ),
  PUBLISHER_GIT_REMOTE: z
    .optional(z.string().check(z.minLength(1)))
    .register(
      settingDocs,
      about(
        "A Git remote the publisher pushes its `content` branch to after each publish that passes (D45), as a URL or path `git push` takes (`ssh://git@git.example.com/growmail/website.git`). It pushes that branch only, never main, never with force: a branch that moved on the remote refuses the push. A failed push leaves the publish live; it is logged, shown in the Site section's latest publishes, and tried again at the next publish. Unset, the history stays in the publisher's checkout and the database.",
      ),
    ),
  PUBLISHER_GIT_SSH_KEY: z
    .optional(z.string().check(z.minLength(1)))
    .register(
      settingDocs,
      about(
        "Path to the private key the publisher pushes with over SSH (a deploy key with write access to that one repository, readable by the publisher's user only), used alone (`IdentitiesOnly=yes`) and without prompts. The remote's host key must be in the publisher user's `known_hosts`. Unset, Git uses the user's own SSH setup.",
      ),
    ),
  TEAM_CONSOLE: withDefault(z.enum(['on', 'off']), 'on').register(
    settingDocs,
    about(
      'The team console at `/team/` (D40): `on` or `off`. The commands (`npm run leads`, `demos`, `people`, `team`) work either way.',
    ),
  ),
  TEAM_CSRF_KEY: z
    .optional(z.string().check(z.minLength(32, 'must be at least 32 characters')))
    .register(
      settingDocs,
      about(
        "Binds the console's CSRF tokens to their session; at least 32 characters (`openssl rand -hex 32`), the same on every server. Unset, it is made from `TRACKING_SECRET`; without that either, each process makes its own, so several servers must set one.",
        'from `TRACKING_SECRET`',
      ),
    ),
  VAPID_SUBJECT: withDefault(
    plain(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL'),
    'mailto:developers@growmail.io',
  ).register(settingDocs, about('How push services reach the sender: `mailto:` or `https:`.')),
});

export type Config = {
  env: (typeof siteEnvironments)[number];
  port: number;
  host: string;
  logLevel: string;
  siteDir: string;
  /** The build's on-demand renderer, the Node adapter's entry (D35). */
  siteRenderer: string;
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
  /** The number pages offer a WhatsApp chat with (D34), in E.164; unset, no page mentions WhatsApp. */
  whatsAppNumber: string | undefined;
  /** Where a phone number written without its country code is read, after its page's markets (issue 54). */
  teamCountry: CountryCode;
  /** Lead notifications (D18): sent from the outbox when smtpUrl is set, kept until then. */
  mail: { smtpUrl: string | undefined; salesInbox: string; from: string };
  /** Signs unsubscribe tracking ids (D17); when unset, a random secret is kept in the database. */
  trackingSecret: string | undefined;
  /** Accepted submissions per client address, per endpoint, per minute. */
  rateLimitPerMinute: number;
  /** Requests per client address per minute to the docs' MCP server. */
  mcpRequestsPerMinute: number;
  /**
   * A lead form sent sooner than this after its signed stamp was issued is quarantined as
   * automated; 0 turns the stamp check off.
   */
  formMinFillMs: number;
  /** The lead forms' stamps on shared pages (D35): see `formStampTimes`. */
  formStamp: { windowMs: number; maxAgeMs: number };
  /** Demo booking (D32): slots start at least this many minutes from now. */
  demos: { noticeMinutes: number; bookingsPerAddressPerDay: number };
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
  /** Whether the team console answers at /team/ (D40). */
  teamConsole: boolean;
  /** The console's CSRF HMAC key, shared by every server; undefined when neither it nor TRACKING_SECRET is set. */
  teamCsrfKey: string | undefined;
  /** The publisher's copy of the site, in a Git checkout (D45); undefined where no publisher runs. */
  publisherSite: string | undefined;
  /** Where the publisher pushes its content branch, and the SSH key it pushes with (D45); undefined: no push. */
  publisherGit: { remote: string; sshKey: string | undefined } | undefined;
};

/** How long past its lifetime a shared cache may still answer with a page: a day. */
export const pageStaleSeconds = 86_400;

const hourMs = 3_600_000;

/**
 * A page with a lead form carries a stamp signed for the start of the current window (D35),
 * the same on every server for the window, and a window is never shorter than the page may be
 * kept by a shared cache: an hour, or CDN_MAX_AGE when that is longer. A stamp is taken for as
 * long as a person may still send what that page held: the window itself and the cache's
 * lifetime (the page was made at most a window after the stamp, then kept), a day of a cache's
 * stale copies, an hour to fill the form in, and a day in a device's offline queue.
 */
export function formStampTimes(cdnMaxAgeSeconds: number): { windowMs: number; maxAgeMs: number } {
  const windowMs = Math.max(hourMs, cdnMaxAgeSeconds * 1000);
  const maxAgeMs = 2 * windowMs + pageStaleSeconds * 1000 + hourMs + 24 * hourMs;
  return { windowMs, maxAgeMs };
}

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
    siteRenderer: e.SITE_RENDERER ? resolve(e.SITE_RENDERER) : resolve(e.SITE_DIR, '..', 'dist-server', 'entry.mjs'),
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
    whatsAppNumber: e.WHATSAPP_NUMBER,
    teamCountry: phoneCountry(e.TEAM_COUNTRY),
    mail: { smtpUrl: e.SMTP_URL, salesInbox: e.SALES_INBOX, from: e.MAIL_FROM },
    trackingSecret: e.TRACKING_SECRET,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    mcpRequestsPerMinute: e.MCP_REQUESTS_PER_MINUTE,
    formMinFillMs: e.FORM_MIN_FILL_SECONDS * 1000,
    formStamp: formStampTimes(e.CDN_MAX_AGE),
    demos: { noticeMinutes: e.DEMO_NOTICE_MINUTES, bookingsPerAddressPerDay: e.DEMO_BOOKINGS_PER_ADDRESS_PER_DAY },
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
    teamConsole: e.TEAM_CONSOLE === 'on',
    publisherSite: e.PUBLISHER_SITE === undefined ? undefined : resolve(e.PUBLISHER_SITE),
    publisherGit:
      e.PUBLISHER_GIT_REMOTE === undefined
        ? undefined
        : {
            remote: e.PUBLISHER_GIT_REMOTE,
            sshKey: e.PUBLISHER_GIT_SSH_KEY === undefined ? undefined : resolve(e.PUBLISHER_GIT_SSH_KEY),
          },
    teamCsrfKey:
      e.TEAM_CSRF_KEY ??
      (e.TRACKING_SECRET
        ? createHmac('sha256', e.TRACKING_SECRET).update('team console csrf').digest('base64url')
        : undefined),
  };
}
