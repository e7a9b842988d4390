import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSchema, testDatabases } from '@growmail/test-support/databases';
import { exitCode, freePort, spawnServer } from '@growmail/test-support/process';
import { startSmtp } from '@growmail/test-support/smtp';

/**
 * Node's permission model with no --allow-fs-write: any attempt to write a file (a database,
 * a cache, an upload) throws ERR_ACCESS_DENIED, so a server that runs like this keeps nothing
 * on its machine's disk and can be replaced at will (D27).
 */
const readOnly = ['--permission', '--allow-fs-read=*'];

describe.runIf((await testDatabases()).some((database) => database.name === 'postgres'))(
  'a server on PostgreSQL',
  () => {
    it(
      'writes nothing to the local disk: with no write permission it serves pages, takes leads and mails them',
      { timeout: 60_000 },
      async () => {
        const schema = await createSchema('nodisk');
        const smtp = await startSmtp();
        const port = await freePort();
        const server = spawnServer(
          { PORT: String(port), DATABASE_URL: schema.url, SMTP_URL: smtp.url, SALES_INBOX: 'sales@growmail.test' },
          { nodeArgs: readOnly },
        );
        try {
          await server.waitFor('Server listening');
          const base = `http://127.0.0.1:${port}`;
          expect((await fetch(`${base}/pricing`)).status).toBe(200);
          const enquiry = { fullname: 'Efua Asante', email: 'efua@accra.example', subject: 'Disk', body: 'Stateless?' };
          const answer = await fetch(`${base}/services/users/guests/enquiry`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(enquiry),
          });
          expect(answer.status).toBe(201);
          await expect
            .poll(() => smtp.received.some((mail) => mail.raw.includes('Efua Asante')), { timeout: 20_000 })
            .toBe(true);
          expect(server.output()).not.toContain('ERR_ACCESS_DENIED');
        } finally {
          server.child.kill('SIGTERM');
          await exitCode(server.child);
          await smtp.close();
          await schema.drop();
        }
      },
    );

    it(
      'the check can fail: a server on SQLite under the same flags stops at its database file',
      { timeout: 30_000 },
      async () => {
        const dir = mkdtempSync(join(tmpdir(), 'gm-nodisk-'));
        const server = spawnServer(
          { PORT: String(await freePort()), DATABASE_URL: `sqlite:${join(dir, 'data', 'growmail.sqlite')}` },
          { nodeArgs: readOnly },
        );
        expect(await exitCode(server.child)).not.toBe(0);
        expect(server.output()).toContain('ERR_ACCESS_DENIED');
        expect(readdirSync(dir)).toEqual([]);
      },
    );
  },
);
