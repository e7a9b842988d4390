import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/index.ts';
import { createSchema, postgresUrl, testDatabases } from '@growmail/test-support/databases';
import { exitCode, freePort, spawnServer } from '@growmail/test-support/process';
import { startSmtp } from '@growmail/test-support/smtp';
import { dataAccess } from '../../src/repositories/index.ts';

async function startServer(env: Record<string, string>) {
  const server = spawnServer({ RATE_LIMIT_PER_MINUTE: '100', ...env });
  await server.waitFor('Server listening');
  outputs.set(server.child, server.output);
  return server.child;
}

const outputs = new Map<ChildProcess, () => string>();
const output = (child: ChildProcess) => outputs.get(child)?.() ?? '';
const exited = (child: ChildProcess) => exitCode(child).then(() => undefined);

const demo = (n: number) => ({
  type: 'demo',
  metadata: {
    type: 'demo',
    firstname: 'Durable',
    lastname: `Person ${n}`,
    company_name: `Kill Nine ${n}`,
    email: `durable${n}@example.com`,
    phone_number: '+44 20 7946 0958',
    subscribers: '0:100K',
  },
});

/** Where the server process keeps its data: a SQLite file, or a fresh schema on PostgreSQL when it is reachable. */
type Store = { name: string; create: () => Promise<{ url: string; open: () => Db; drop: () => Promise<void> }> };
const stores: Store[] = [
  {
    name: 'sqlite',
    create: async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'gm-kill9-')), 'db.sqlite');
      return { url: `sqlite:${file}`, open: () => openDatabase(`sqlite:${file}`), drop: async () => {} };
    },
  },
];
if ((await testDatabases()).some((database) => database.name === 'postgres')) {
  stores.push({
    name: 'postgres',
    create: async () => {
      const created = await createSchema('kill9');
      return {
        url: created.url,
        open: () => openDatabase(postgresUrl, { searchPath: created.schema }),
        drop: created.drop,
      };
    },
  });
}

describe.each(stores)('a crash right after a success answer on $name', ({ create }) => {
  it(
    'loses nothing: every answered lead and its mail survive kill -9 and are sent after restart',
    { timeout: 60_000 },
    async () => {
      const store = await create();
      const port = await freePort();
      // No SMTP yet: when the process dies, the mails can only be in the outbox.
      const env = { PORT: String(port), DATABASE_URL: store.url };
      const server = await startServer(env);

      const answered: string[] = [];
      const base = `http://127.0.0.1:${port}/services/users/demos`;
      const requests = Array.from({ length: 8 }, async (_, n) => {
        const response = await fetch(base, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(demo(n)),
        }).catch(() => null);
        if (response?.status !== 201) return;
        const { payload } = (await response.json()) as { payload: { id: string } };
        answered.push(payload.id);
        // The moment the first success arrives, the process dies without any chance to flush.
        if (answered.length === 1) server.kill('SIGKILL');
      });
      await Promise.all(requests);
      await exited(server);
      expect(server.signalCode).toBe('SIGKILL');
      expect(answered.length).toBeGreaterThanOrEqual(1);

      const db = store.open();
      const leads = await dataAccess(db).leads.list({});
      const mails = await dataAccess(db).mail.all();
      await db.close();
      for (const id of answered) {
        expect(leads.map((lead) => lead.id)).toContain(id);
        expect(mails.filter((mail) => mail.message.includes(id))).toHaveLength(1);
      }

      // After a restart with working SMTP, the mails queued before the crash go out.
      const smtp = await startSmtp();
      const restarted = await startServer({ ...env, SMTP_URL: smtp.url });
      try {
        await expect
          .poll(() => answered.every((id) => smtp.received.some((mail) => mail.raw.includes(id))), { timeout: 15_000 })
          .toBe(true);
      } catch (error) {
        throw new Error(`${String(error)}\n${smtp.received.length} mails\n${output(restarted)}`);
      } finally {
        restarted.kill('SIGTERM');
        await exited(restarted);
        await smtp.close();
        await store.drop();
      }
    },
  );
});
