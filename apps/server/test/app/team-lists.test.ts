import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { openSession } from '../../src/team/sessions.ts';
import { testApp } from '@growmail/test-support/app';

/** Reads of the passkeys' and sessions' tables, however the database is asked them. */
let holdingReads = 0;
const countsHoldingReads: KyselyPlugin = {
  transformQuery: ({ node }) => {
    if (node.kind === 'SelectQueryNode' && /"(team_passkeys|team_sessions)"/.test(JSON.stringify(node)))
      holdingReads += 1;
    return node;
  },
  transformResult: async ({ result }) => result,
};

describe('the console’s lists of members and of the audit', () => {
  let app: FastifyInstance;
  let data: DataAccess;
  let cookies: Record<string, string>;

  const member = (name: string) =>
    data.team.upsertMember({ email: `${randomUUID()}@growmail.test`, name, zone: 'Africa/Lagos', role: 'sales' });
  const text = (html: string) => html.replace(/<!-- -->/g, '');

  beforeAll(async () => {
    const db = openDatabase('sqlite::memory:');
    app = await testApp(
      { PUBLIC_URL: 'http://localhost:4010' },
      { db: { ...db, kysely: db.kysely.withPlugin(countsHoldingReads) } },
    );
    data = dataAccess(app.db);
    const admin = await data.team.upsertMember({
      email: 'lists-admin@growmail.test',
      name: 'An admin',
      zone: 'Africa/Lagos',
      role: 'admin',
    });
    cookies = { gm_team: await openSession(data, admin.id, 'passkey') };
  });
  afterAll(() => app.close());

  it('asks as many queries for twelve members’ passkeys and sessions as for one member’s', async () => {
    // Housekeeping's first round reads the sessions too; after it, the next is an hour away.
    await app.housekeeping();
    const readsFor = async () => {
      const before = holdingReads;
      const page = await app.inject({ url: '/team/members', cookies });
      expect(page.statusCode).toBe(200);
      return { reads: holdingReads - before, body: text(page.body) };
    };
    const one = await readsFor();
    for (let n = 0; n < 11; n += 1) {
      const added = await member(`Member ${n}`);
      await data.team.addPasskey({
        id: randomUUID(),
        member_id: added.id,
        name: 'Phone',
        public_key: 'key',
        counter: 0,
        transports: [],
      });
      await openSession(data, added.id, 'passkey');
      await openSession(data, added.id, 'link');
    }
    const twelve = await readsFor();
    // The gate's read of the session, and the page's own.
    expect(one.reads).toBeGreaterThan(1);
    expect(twelve.reads).toBe(one.reads);
    expect(twelve.body.match(/1 passkey · 2 live sessions/g)).toHaveLength(11);
    // The admin, signed in twice now (the page's own session and this one), holds no passkey here.
    expect(twelve.body).toContain('0 passkeys · 1 live session');
  });

  it('pages the audit by time and id, so rows that share a time across a page’s end are all shown', async () => {
    const at = '2027-03-01T10:00:00.000Z';
    const shared = Array.from({ length: 150 }, (_, n) => `shared-${String(n).padStart(3, '0')}`);
    await app.db.kysely
      .insertInto('team_audit')
      .values(
        [...shared, 'older'].map((recordId) => ({
          id: randomUUID(),
          at: recordId === 'older' ? '2027-02-01T10:00:00.000Z' : at,
          member_id: null,
          member_name: 'npm run leads',
          method: 'command',
          action: 'lead.handled',
          record_type: 'lead',
          record_id: recordId,
          detail: '{}',
        })),
      )
      .execute();
    const shown: string[] = [];
    let url: string | undefined = '/team/audit';
    let pages = 0;
    while (url) {
      const body: string = (await app.inject({ url, cookies })).body;
      // The sentences name no ids: each row's own time tells the shared rows from the older one.
      shown.push(...[...body.matchAll(/<p class="text-ink-700"><time datetime="([^"]+)"/gi)].map((match) => match[1]!));
      url = /href="(\/team\/audit\?before=[^"]+)"/.exec(body)?.[1];
      pages += 1;
    }
    expect(pages).toBe(2);
    const newest = shown.filter((time) => time >= '2027-01-01');
    expect(newest).toEqual([...shared.map(() => at), '2027-02-01T10:00:00.000Z']);
  });
});
