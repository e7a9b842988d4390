import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/index.ts';
import { pruneExpired, retention } from '../../src/people/retention.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';
import { testDatabases } from '@growmail/test-support/databases';
import { dataAccess } from '../../src/repositories/index.ts';
import { fixturesRepository } from '@growmail/test-support/fixtures';
import { searchKeys } from '../../src/submissions/lead-search.ts';

const config = loadConfig({ WEBHOOK_URL: 'https://crm.example/hooks', WEBHOOK_SECRET: `whsec_${'A'.repeat(32)}` });
const now = new Date('2027-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const day = 24 * 60 * 60 * 1000;

describe.each(await testDatabases())('records past their retention on $name', ({ name, open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());

  /** A lead with its mail, event and acknowledgement, every row dated `age` before now. */
  async function leadOfAge(email: string, age: number, delivered: boolean) {
    const id = await db.kysely
      .transaction()
      .execute((trx) =>
        storeLead(dataAccess(db), trx, config, 'enquiry', email, { fullname: 'A', email, subject: 'S', body: 'B' }),
      );
    const at = ago(age);
    const fixtures = fixturesRepository(db.kysely);
    await fixtures.backdateLead(id, at);
    await fixtures.backdateMail(email, at, delivered);
    await fixtures.backdateEvents(email, at, delivered);
    return id;
  }
  const tables = {
    leads: () => dataAccess(db).leads.list({}),
    outbox: () => dataAccess(db).mail.all(),
    webhook_events: () => dataAccess(db).webhooks.all(),
  };
  const rows = async (table: keyof typeof tables, email: string) =>
    (await tables[table]()).filter((row) => JSON.stringify(row).includes(email));

  it('deletes each kind after its period, and keeps what is younger or still waiting', async () => {
    await leadOfAge('old@lagos.example', retention.leads + day, true);
    await leadOfAge('recent@lagos.example', 10 * day, true);
    await leadOfAge('sent-long-ago@lagos.example', retention.sentMessages + day, true);
    await leadOfAge('never-delivered@lagos.example', retention.sentMessages + day, false);
    const held = dataAccess(db).quarantine;
    const stale = await held.insert('demo', 'stale@bot.example', {}, ['honeypot']);
    const fresh = await held.insert('demo', 'fresh@bot.example', {}, ['honeypot']);
    const fixtures = fixturesRepository(db.kysely);
    await fixtures.backdateQuarantine({ id: stale }, ago(retention.quarantine + day));
    await fixtures.backdateQuarantine({ id: fresh }, ago(day));
    await fixtures.addList('newsletter', 'Newsletter');
    for (const [id, status, unsubscribedAt] of [
      ['gone', 'unsubscribed', ago(retention.unsubscribed + day)],
      ['left-lately', 'unsubscribed', ago(30 * day)],
      ['reader', 'subscribed', null],
    ] as const) {
      await fixtures.addContact(id, `${id}@accra.example`);
      await fixtures.addMembership('newsletter', id, { status, unsubscribed_at: unsubscribedAt });
    }

    const submissions = dataAccess(db).submissions;
    await submissions.saveKeyed('key-of-yesterday-0001', 'a', '{}', new Date(ago(retention.idempotencyKeys + 1000)));
    await submissions.saveKeyed('key-of-this-hour-0001', 'b', '{}', new Date(ago(3_600_000)));

    // The console's audit (a year), and a session idle past its 12 hours beside one in use (D41).
    const data = dataAccess(db);
    for (const [action, at] of [
      ['lead.handled-long-ago', ago(retention.audit + day)],
      ['lead.handled-lately', ago(day)],
    ] as const) {
      await data.audit.record({
        memberId: null,
        memberName: 'npm run team',
        method: 'command',
        action,
        recordType: 'lead',
        recordId: action,
      });
      await db.kysely.updateTable('team_audit').set({ at }).where('action', '=', action).execute();
    }
    const member = await data.team.upsertMember({
      email: 'ada@growmail.test',
      name: 'Ada',
      zone: 'Africa/Lagos',
      role: 'sales',
    });
    await data.team.addSession('idle', member.id, 'passkey', new Date(ago(13 * 3_600_000)), new Date(ago(-day)));
    await data.team.addSession('in-use', member.id, 'passkey', new Date(ago(3_600_000)), new Date(ago(-day)));

    const pruned = await pruneExpired(dataAccess(db), now);

    expect(pruned).toEqual({
      quarantine: 1,
      mail: 4,
      webhookEvents: 2,
      leads: 1,
      memberships: 1,
      // Each of the four leads' posts left its fingerprint, dated now: none is ten minutes old.
      submissions: 0,
      demoBookingRequests: 0,
      idempotencyKeys: 1,
      visitorHashes: 0,
      visitSalts: 0,
      visits: 0,
      visitTotals: 0,
      audit: 1,
      teamSignIns: 1,
    });
    expect((await data.audit.list(10)).map((row) => row.action)).toEqual(['lead.handled-lately']);
    expect((await data.team.sessions(member.id)).map((session) => session.last_seen_at)).toEqual([ago(3_600_000)]);
    // A day is the key's whole life (D39): the older one is gone, the younger still answers.
    expect(await submissions.keyedSince('key-of-yesterday-0001', new Date(0))).toBeUndefined();
    expect(await submissions.keyedSince('key-of-this-hour-0001', new Date(0))).toEqual({
      fingerprint: 'b',
      answer: '{}',
    });
    expect(await rows('leads', 'old@lagos.example')).toEqual([]);
    expect(await rows('leads', 'recent@lagos.example')).toHaveLength(1);
    // Sent 90 days ago and more: the record of it goes, the lead stays.
    expect(await rows('outbox', 'sent-long-ago@lagos.example')).toEqual([]);
    expect(await rows('webhook_events', 'sent-long-ago@lagos.example')).toEqual([]);
    expect(await rows('leads', 'sent-long-ago@lagos.example')).toHaveLength(1);
    // Never sent: the mail still waits, and the failed event waits for replay.
    expect(await rows('outbox', 'never-delivered@lagos.example')).toHaveLength(2);
    expect(await rows('webhook_events', 'never-delivered@lagos.example')).toHaveLength(1);
    expect((await held.list()).map((row) => row.id)).toEqual([fresh]);
    const members = await dataAccess(db).memberships.all();
    expect(members.map((member) => member.contact_id).sort()).toEqual(['left-lately', 'reader']);
  });

  it('deletes a backlog in batches of the size given, each its own statement, oldest first', async () => {
    const held = dataAccess(db).quarantine;
    const fixtures = fixturesRepository(db.kysely);
    const old = [];
    for (let index = 0; index < 25; index++) {
      const id = await held.insert('demo', `bot${index}@bot.example`, {}, ['honeypot']);
      await fixtures.backdateQuarantine({ id }, ago(retention.quarantine + (index + 1) * day));
      old.push(id);
    }
    const young = await held.insert('demo', 'young@bot.example', {}, ['honeypot']);
    await fixtures.backdateQuarantine({ id: young }, ago(day));
    const batches: [string, number][] = [];

    const pruned = await pruneExpired(dataAccess(db), now, {
      limit: 10,
      onBatch: (kind, deleted) => batches.push([kind, deleted]),
    });

    expect(pruned.quarantine).toBe(25);
    expect(batches.filter(([kind]) => kind === 'quarantine')).toEqual([
      ['quarantine', 10],
      ['quarantine', 10],
      ['quarantine', 5],
    ]);
    // A batch short of the limit ends that kind; every kind is asked at least once.
    expect(new Set(batches.map(([kind]) => kind)).size).toBe(Object.keys(pruned).length);
    expect((await held.list()).map((row) => row.id)).toContain(young);
  });

  it('sizes SQLite batches from the time the last one took, and PostgreSQL batches by a fixed count', async () => {
    const held = dataAccess(db).quarantine;
    const fixtures = fixturesRepository(db.kysely);
    for (let index = 0; index < 150; index++) {
      const id = await held.insert('demo', `many${index}@bot.example`, {}, ['honeypot']);
      await fixtures.backdateQuarantine({ id }, ago(retention.quarantine + day));
    }
    const batches: number[] = [];
    const pruned = await pruneExpired(dataAccess(db), now, {
      onBatch: (kind, deleted) => (kind === 'quarantine' ? batches.push(deleted) : undefined),
    });
    expect(pruned.quarantine).toBe(150);
    if (name === 'sqlite') {
      // 20 first; each next sized from the last one's time, between 10 rows and half again as many.
      expect(batches[0]).toBe(20);
      expect(batches.length).toBeGreaterThanOrEqual(2);
      for (const [index, rows] of batches.slice(1, -1).entries()) {
        expect(rows).toBeGreaterThanOrEqual(10);
        expect(rows).toBeLessThanOrEqual(Math.round(1.5 * batches[index]!));
      }
    } else {
      expect(batches).toEqual([150]);
    }
  });

  it('takes the oldest first, and stops between batches when told', async () => {
    const fixtures = fixturesRepository(db.kysely);
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) {
      const id = await dataAccess(db).leads.insert('enquiry', `aged${index}@lagos.example`, {}, searchKeys({}));
      await fixtures.backdateLead(id, ago(retention.leads + (6 - index) * day));
      ids.push(id);
    }
    let leadBatches = 0;
    const pruned = await pruneExpired(dataAccess(db), now, {
      limit: 2,
      onBatch: (kind) => (leadBatches += kind === 'leads' ? 1 : 0),
      stopped: () => leadBatches === 1,
    });
    expect(pruned.leads).toBe(2);
    const left = (await dataAccess(db).leads.list({})).filter((lead) => ids.includes(lead.id));
    expect(left.map((lead) => lead.id).sort()).toEqual(ids.slice(2).sort());
    expect((await pruneExpired(dataAccess(db), now)).leads).toBe(4);
  });

  // SQLite has one write lock, which each batch takes in turn; PostgreSQL locks only the rows deleted.
  it.runIf(name === 'sqlite')('lets a form post write between two batches', async () => {
    const fixtures = fixturesRepository(db.kysely);
    for (let index = 0; index < 20; index++) {
      const id = await dataAccess(db).leads.insert('enquiry', `backlog${index}@lagos.example`, {}, searchKeys({}));
      await fixtures.backdateLead(id, ago(retention.leads + day));
    }
    let batches = 0;
    const pruning = pruneExpired(dataAccess(db), now, { limit: 1, onBatch: () => batches++ });
    // Started after the round, this lead's transaction waits for one batch at most, not for the round.
    await db.kysely.transaction().execute((trx) =>
      storeLead(dataAccess(db), trx, config, 'enquiry', 'meanwhile@lagos.example', {
        fullname: 'A',
        email: 'meanwhile@lagos.example',
        subject: 'S',
        body: 'B',
      }),
    );
    const batchesBefore = batches;
    const pruned = await pruning;
    expect(pruned.leads).toBe(20);
    expect(batchesBefore).toBeLessThan(batches);
    expect(batchesBefore).toBeLessThan(5);
  });
});

describe('housekeeping on a SQLite file', () => {
  it('starts each batch with the write-ahead log copied into the file, so no batch’s commit does the copying', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gm-retention-'));
    const file = join(folder, 'growmail.sqlite');
    const db = openDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(db.kysely);
      const body = 'We send about 40,000 messages a month and would like to know what the plan would cost us.';
      await db.kysely
        .insertInto('leads')
        .values(
          Array.from({ length: 1_500 }, (_, index) => ({
            id: `backlog-${index}`,
            type: 'enquiry',
            email: `person${index}@lagos.example`,
            metadata: JSON.stringify({ email: `person${index}@lagos.example`, body }),
            language: 'en',
            created_at: ago(retention.leads + day + index * 1000),
          })),
        )
        .execute();
      // Frames in the log after each batch: the wal-index header's mxFrame (https://sqlite.org/walformat.html, offset 16).
      const frames: number[] = [];
      const framesInLog = () => readFileSync(`${file}-shm`).readUInt32LE(16);
      const framesOfTheInsert = framesInLog();

      const pruned = await pruneExpired(dataAccess(db), now, {
        limit: 100,
        onBatch: (kind) => (kind === 'leads' ? frames.push(framesInLog()) : undefined),
      });

      expect(pruned.leads).toBe(1_500);
      expect(frames).toHaveLength(16);
      // Left to SQLite, the log would keep the insert's pages and every batch's after them, until a commit took it
      // past 1,000 pages and copied it all. Checkpointed first, it holds one batch's pages (a few times more when
      // the trigram index merges its segments), a fraction of what the 1,500 leads took to write.
      expect(Math.max(...frames)).toBeLessThan(framesOfTheInsert / 3);
    } finally {
      await db.close();
      rmSync(folder, { recursive: true });
    }
  });
});
