import { Agent } from 'node:https';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { fetchThrough, nginxDirectory, startNginx, type Answer } from './nginx.ts';
import { exitCode, freePort, spawnServer, waitUntilReady, type ServerProcess } from './process.ts';
import type { ReceivedMail } from './smtp.ts';

/**
 * Several real server processes on one PostgreSQL schema and one Redis, behind nginx running
 * deploy/nginx.conf: what docs/deploy.md describes, on loopback. Used by the cluster test and
 * `npm run bench:cluster`.
 */
export async function startCluster(options: {
  size: number;
  databaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
  rateLimitPerMinute: number;
}) {
  const env = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    SMTP_URL: options.smtpUrl,
    RATE_LIMIT_PER_MINUTE: String(options.rateLimitPerMinute),
    // nginx runs on loopback; the load generator, also on loopback, names each client's
    // address in X-Forwarded-For, which the servers then believe, as they would a CDN's.
    TRUST_PROXY: 'loopback',
    METRICS_TOKEN: metricsToken,
    // Lead forms may require a signed fill time; a load generator fills them at once.
    FORM_MIN_FILL_SECONDS: '0',
    LOG_LEVEL: 'warn',
  });
  const ports = await Promise.all(Array.from({ length: options.size }, () => freePort()));
  const servers: ServerProcess[] = ports.map((port) => spawnServer(env(port)));
  // LOG_LEVEL=warn keeps the output small; readiness, not a log line, says a server is up.
  await Promise.all(ports.map((port) => waitUntilReady(port, servers[ports.indexOf(port)]!)));
  const tls = await nginxDirectory();
  const nginx = await startNginx({
    upstreams: ports.map((port) => `127.0.0.1:${port}`),
    httpPort: await freePort(),
    httpsPort: await freePort(),
    certificate: tls.certificate,
    key: tls.key,
    directory: tls.directory,
  });
  return {
    base: nginx.base,
    ports,
    /** Ends server `index` with SIGKILL: no drain, no closing, as a crash or an OOM kill would. */
    async kill(index: number) {
      const server = servers[index]!;
      server.child.kill('SIGKILL');
      await exitCode(server.child);
    },
    /** Starts server `index` again on its port, and waits until it is ready. */
    async restart(index: number) {
      servers[index] = spawnServer(env(ports[index]!));
      await waitUntilReady(ports[index]!, servers[index]!);
    },
    /** Each server's own metrics, asked directly rather than through nginx. */
    metrics: (index: number) =>
      fetch(`http://127.0.0.1:${ports[index]}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then(
        (response) => response.text(),
      ),
    nginxErrors: nginx.errors,
    async stop() {
      await nginx.stop();
      for (const server of servers) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGTERM');
          await exitCode(server.child);
        }
      }
      tls.remove();
    },
  };
}

const metricsToken = randomBytes(24).toString('hex');

export const formNames = ['enquiry', 'newsletter', 'demo', 'savings', 'startup'] as const;
export type Form = (typeof formNames)[number];

/** A valid, unique submission of a form from `email`: the method, path and body to send. */
export function submission(form: Form, email: string, n: number) {
  const json = (path: string, body: unknown) => ({ method: 'POST', path, body: JSON.stringify(body) });
  const person = { firstname: 'Load', lastname: `Tester ${n}`, company_name: `Cluster ${n}`, email };
  switch (form) {
    case 'enquiry':
      return json('/services/users/guests/enquiry', {
        fullname: `Load ${n}`,
        email,
        subject: 'Cluster',
        body: `#${n}`,
      });
    case 'newsletter':
      return {
        method: 'GET',
        path: `/services/users/api/contacts/gm_site_public_dev/capture/?email=${encodeURIComponent(email)}&tags=subscriber`,
        body: undefined,
      };
    case 'demo':
      return json('/services/users/demos', {
        type: 'demo',
        metadata: { type: 'demo', ...person, phone_number: '+234 803 123 4567', subscribers: '0:100K' },
      });
    case 'savings':
      return json('/services/sales/leads', {
        type: 'savings',
        metadata: {
          type: 'savings',
          email,
          contact_count: 20000 + n,
          current_cost: 12000,
          savings: 8000,
          services: { campaign: true, automation: true, transactional: false, push: false },
        },
      });
    case 'startup':
      return json('/services/sales/leads', {
        type: 'startup',
        metadata: {
          type: 'startup',
          ...person,
          phone_number: '+234 803 123 4567',
          user_count: '10:50K',
          annual_budget: '1K:5K',
        },
      });
  }
}

export const pagePaths = ['/', '/pricing', '/demo', '/products/campaign', '/developers', '/terms', '/calculator'];

export type Sent = { form: Form; email: string; status: number; id: string | null };

/**
 * A bounded mixed load through nginx: `pages` page requests and `perForm` unique submissions
 * of each form, `concurrency` at a time, each submission from its own address. `midway` runs
 * once half the work has been handed out (the test kills a server there). Every request is
 * answered or recorded as status 0 (nginx unreachable).
 */
export async function runLoad(
  base: string,
  options: { pages: number; perForm: number; concurrency: number; run: string; midway?: () => Promise<void> },
) {
  type Job = { kind: 'page'; path: string } | { kind: 'form'; form: Form; n: number };
  const jobs: Job[] = [];
  for (let n = 0; n < Math.max(options.pages, options.perForm * formNames.length); n++) {
    if (n < options.pages) jobs.push({ kind: 'page', path: pagePaths[n % pagePaths.length]! });
    const form = formNames[n % formNames.length]!;
    if (n < options.perForm * formNames.length) jobs.push({ kind: 'form', form, n });
  }
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency, rejectUnauthorized: false });
  const pages: number[] = [];
  const sent: Sent[] = [];
  let next = 0;
  let midwayDone: Promise<void> | undefined;
  const started = performance.now();
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      if (next === Math.floor(jobs.length / 2) && options.midway) midwayDone = options.midway();
      if (job.kind === 'page') {
        pages.push((await ask(base, job.path, {}, agent)).status);
        continue;
      }
      const email = `c${job.n}-${options.run}@example.com`;
      const { method, path, body } = submission(job.form, email, job.n);
      const headers: Record<string, string> = { 'x-forwarded-for': clientAddress(options.run, job.n) };
      if (body) headers['content-type'] = 'application/json';
      const answer = await ask(base, path, { method, headers, body }, agent);
      const id =
        answer.status < 300 ? ((JSON.parse(answer.body) as { payload?: { id?: string } }).payload?.id ?? null) : null;
      sent.push({ form: job.form, email, status: answer.status, id });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await midwayDone;
  agent.destroy();
  return { pages, sent, seconds };
}

/** A distinct client address per submission of a run, so the rate limit never meets the load. */
export function clientAddress(run: string, n: number): string {
  const seed = parseInt(run.slice(0, 4), 16);
  return `10.${(seed >> 8) & 255}.${(seed & 255) ^ (n >> 8)}.${n & 255}`;
}

async function ask(
  base: string,
  path: string,
  init: Parameters<typeof fetchThrough>[2],
  agent: Agent,
): Promise<Answer> {
  try {
    return await fetchThrough(base, path, { ...init, agent });
  } catch {
    return { status: 0, headers: {}, body: '' };
  }
}

/**
 * Waits for the outbox to be sent; returns how many mails are still unsent. Gives up once 30 s
 * pass with no mail sent, or after `ms` in all.
 *
 * A server killed while it held a mail's lease leaves that mail to the others once the lease
 * runs out, two minutes later. Rather than wait, this ends such leases early: a lease that has
 * not changed for longer than a round of the live servers (5 s) belongs to no live server,
 * since they send on loopback in milliseconds. It is released only if still unchanged
 * (compare and set), so a live server's claim is never touched.
 */
export async function drainOutbox(databaseUrl: string, ms: number): Promise<{ pending: number; released: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const leases = async () =>
    (
      await client.query<{ id: string; locked_until: string }>(
        'select id, locked_until from outbox where sent_at is null and locked_until is not null',
      )
    ).rows;
  try {
    const started = Date.now();
    let released = 0;
    let seen = new Map<string, { lockedUntil: string; since: number }>();
    let progress = { pending: Infinity, at: started };
    for (;;) {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from outbox where sent_at is null');
      const pending = Number(rows[0]!.n);
      const now = Date.now();
      if (pending < progress.pending) progress = { pending, at: now };
      if (pending === 0 || now - started > ms || now - progress.at > 30_000) return { pending, released };
      const current = new Map<string, { lockedUntil: string; since: number }>();
      for (const lease of await leases()) {
        const before = seen.get(lease.id);
        const since = before && before.lockedUntil === lease.locked_until ? before.since : now;
        current.set(lease.id, { lockedUntil: lease.locked_until, since });
        if (now - since > 6_000) {
          const result = await client.query(
            'update outbox set locked_until = null where id = $1 and locked_until = $2',
            [lease.id, lease.locked_until],
          );
          released += result.rowCount ?? 0;
        }
      }
      seen = current;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

/** A mail's text with quoted-printable soft line breaks joined, so an address reads whole. */
const unwrap = (raw: string) => raw.replace(/=\r?\n/g, '');

/**
 * The whole exercise the cluster test asserts and `npm run bench:cluster` reports: a mixed load
 * through nginx with server 1 killed (SIGKILL) and restarted midway, then the checks. Returns
 * figures and every violation found; the caller decides what fails.
 */
export async function exerciseCluster(
  cluster: Awaited<ReturnType<typeof startCluster>>,
  options: {
    databaseUrl: string;
    received: ReceivedMail[];
    run: string;
    pages: number;
    perForm: number;
    concurrency: number;
    limit: number;
  },
) {
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    const load = await runLoad(cluster.base, {
      ...options,
      midway: async () => {
        await cluster.kill(1);
        await cluster.restart(1);
      },
    });
    const acknowledged = load.sent.filter((each) => each.status >= 200 && each.status < 300);
    const unanswered = load.sent.filter((each) => each.status < 200 || each.status >= 300).map((each) => each.status);

    // Acknowledged means stored: a lead row for the four lead forms, a contact for the newsletter.
    const leads = new Set((await db.query<{ id: string }>('select id from leads')).rows.map((row) => row.id));
    const contacts = new Set(
      (await db.query<{ email: string }>('select email from contacts')).rows.map((row) => row.email),
    );
    const lost = acknowledged
      .filter((each) => (each.form === 'newsletter' ? !contacts.has(each.email) : !leads.has(each.id!)))
      .map((each) => `${each.form} ${each.email}`);

    const drained = await drainOutbox(options.databaseUrl, 600_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Every outbox row arrived once: per acknowledged address, the recipients the outbox holds
    // for it are exactly those of the mails that mention it.
    const received = options.received.length;
    const outbox = (await db.query<{ message: string }>('select message from outbox')).rows.map((row) => ({
      to: (JSON.parse(row.message) as { to: string }).to,
      text: row.message,
    }));
    // A mail is the same message on every attempt (its outbox row's id is its Message-ID), so
    // a repeat is counted apart: the same Message-ID again is a resend after a crash, two
    // Message-IDs for one row's recipient would be two servers sending it.
    const messageId = (raw: string) => /^Message-ID: (<[^>]+>)/im.exec(raw)?.[1] ?? raw;
    const deliveries = new Map<string, number>();
    for (const mail of options.received.slice(0, received)) {
      const id = messageId(mail.raw);
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    const resent = [...deliveries.values()].filter((count) => count > 1).length;
    const firstDeliveries = options.received
      .slice(0, received)
      .filter((mail, index, all) => all.findIndex((other) => messageId(other.raw) === messageId(mail.raw)) === index);
    const missing: string[] = [];
    const twice: string[] = [];
    for (const each of acknowledged) {
      const wanted = outbox.filter((mail) => mail.text.includes(each.email)).map((mail) => mail.to);
      if (wanted.length === 0) missing.push(`no mail queued for ${each.email}`);
      const arrived = firstDeliveries
        .filter((mail) => unwrap(mail.raw).includes(each.email))
        .flatMap((mail) => mail.to);
      for (const to of new Set([...wanted, ...arrived])) {
        const expected = wanted.filter((each) => each === to).length;
        const got = arrived.filter((each) => each === to).length;
        if (got < expected) missing.push(`${each.form} ${each.email} to ${to}`);
        if (got > expected) twice.push(`${each.form} ${each.email} to ${to}`);
      }
    }

    // One address, three times the limit, spread over the servers by nginx.
    const enquiries = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('growmail_http_requests_total{') && line.includes('/guests/enquiry"'))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    const indexes = cluster.ports.map((_port, index) => index);
    const before = await Promise.all(indexes.map((index) => cluster.metrics(index)));
    const limitStatuses: number[] = [];
    for (let n = 0; n < 3 * options.limit; n++) {
      const { method, path, body } = submission('enquiry', `limit-${n}-${options.run}@example.com`, n);
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(options.run, 60_000) };
      limitStatuses.push((await fetchThrough(cluster.base, path, { method, body, headers })).status);
    }
    const after = await Promise.all(indexes.map((index) => cluster.metrics(index)));

    return {
      seconds: load.seconds,
      pages: { total: load.pages.length, failed: load.pages.filter((status) => status !== 200) },
      submissions: { sent: load.sent.length, acknowledged: acknowledged.length, unanswered, lost },
      mails: {
        queued: outbox.length,
        received,
        pending: drained.pending,
        released: drained.released,
        distinct: deliveries.size,
        resent,
        missing,
        twice,
      },
      limit: {
        passed: limitStatuses.filter((status) => status === 201).length,
        refused: limitStatuses.filter((status) => status === 429).length,
        servers: indexes.filter((index) => enquiries(after[index]!) > enquiries(before[index]!)).length,
      },
    };
  } finally {
    await db.end();
  }
}
