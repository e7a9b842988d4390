import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/index.ts';
import type { ContactsApiRequest } from '@growmail/contracts/push';
import { browserSubscription, startPushService, verifyVapid } from '@growmail/test-support/push-receiver';
import { dataAccess } from '../../src/repositories/index.ts';
import { fixturesRepository } from '@growmail/test-support/fixtures';
import { commandEnv } from '@growmail/test-support/process';

/** A contact and its subscription, stored as the contacts API stores them. */
async function saveContact(db: Db, { gm_web_push: subscription, ...contact }: ContactsApiRequest) {
  const { id } = await dataAccess(db).contacts.create(contact);
  if (subscription) await dataAccess(db).push.saveSubscription(id, subscription);
}

const run = promisify(execFile);
const pushCommand = fileURLToPath(new URL('../../src/cli/push.ts', import.meta.url));
const vapid = {
  VAPID_PUBLIC_KEY: 'BG79Eerar3ms_jOCF_bhyBsxeqWdlzLL-pPDBpwCr-5d373F_ZKKHhj3NqB0WHCMATR6Sb7n1Lp22pBbYByLLOg',
  VAPID_PRIVATE_KEY: 'vVkmHWQWvJTzozuBmME00vMN2cxjWM0VpkM46wGLGOA',
  VAPID_SUBJECT: 'mailto:push@growmail.test',
};

/**
 * `npm run push -- send` against a loopback HTTPS server that plays the push service: it
 * answers 201 for a live subscription and 404/410 for gone ones, and the test decrypts what
 * arrived as the subscribing browser would.
 */
describe('npm run push -- send', () => {
  let directory: string;
  let db: Db;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let origin: string;
  let received: Awaited<ReturnType<typeof startPushService>>['received'];

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'gm-push-'));
    service = await startPushService();
    ({ origin, received } = service);
    writeFileSync(join(directory, 'ca.pem'), service.cert);
    db = openDatabase(`sqlite:${join(directory, 'push.sqlite')}`);
    await migrateToLatest(db.kysely);
  });
  afterAll(async () => {
    await db?.close();
    await service?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** The loopback receiver plays a push service, so it is allowed here as PUSH_SERVICE_HOSTS allows one. */
  const send = (...args: string[]) => sendWith({ PUSH_SERVICE_HOSTS: '127.0.0.1' }, ...args);
  const sendWith = (env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, [pushCommand, 'send', ...args], {
      env: commandEnv({
        DATABASE_URL: `sqlite:${join(directory, 'push.sqlite')}`,
        NODE_EXTRA_CA_CERTS: join(directory, 'ca.pem'),
        ...vapid,
        ...env,
      }),
    });

  it('encrypts with aes128gcm for each browser, signs with VAPID, and drops the gone ones', async () => {
    const ada = browserSubscription(`${origin}/push/ada`);
    const gone = browserSubscription(`${origin}/push/gone`);
    const unknown = browserSubscription(`${origin}/push/unknown`);
    await saveContact(db, { email: 'ada@example.com', gm_web_push: ada.json });
    await saveContact(db, { email: 'old@example.com', gm_web_push: gone.json });
    await saveContact(db, { email: 'lost@example.com', gm_web_push: unknown.json });

    const { stdout } = await send(
      '--title',
      'Launch day',
      '--body',
      'Journeys are here.',
      '--url',
      '/products/automations',
    );
    const trackingId = /tracking_id (\S+)/.exec(stdout)?.[1];
    expect(stdout).toContain('Sent 1, removed 2 gone subscription(s), 0 failed, 0 refused');

    const delivered = received.find((request) => request.path === '/push/ada')!;
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivered.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(String(delivered.headers.authorization), origin, vapid.VAPID_PUBLIC_KEY);
    expect(claims.sub).toBe(vapid.VAPID_SUBJECT);
    expect(JSON.parse(ada.decrypt(delivered.body))).toEqual({
      title: 'Launch day',
      body: 'Journeys are here.',
      url: '/products/automations',
      tracking_id: trackingId,
    });
    // Another browser's keys cannot read it.
    expect(() => gone.decrypt(delivered.body)).toThrow();

    const endpoints = await dataAccess(db).push.allSubscriptions();
    expect(endpoints.map((row) => row.endpoint)).toEqual([ada.json.endpoint]);
  });

  it('sends to one contact only with --email', async () => {
    const grace = browserSubscription(`${origin}/push/grace`);
    await saveContact(db, { email: 'grace@example.com', gm_web_push: grace.json });
    received.length = 0;
    const { stdout } = await send('--title', 'Hello', '--body', 'Only you.', '--email', 'Grace@example.com');
    expect(stdout).toContain('Sent 1, removed 0');
    expect(received.map((request) => request.path)).toEqual(['/push/grace']);
    expect(JSON.parse(grace.decrypt(received[0]!.body))).toMatchObject({ title: 'Hello', body: 'Only you.' });
  });

  it('never posts to a host outside the push-service list, even for a row already stored', async () => {
    // As if stored before endpoints were checked, or written by hand: aimed at an internal address.
    const inward = browserSubscription(`${origin}/push/internal`);
    await fixturesRepository(db.kysely).removeAllSubscriptions();
    await saveContact(db, { email: 'inward@example.com', gm_web_push: inward.json });
    received.length = 0;
    const result = await sendWith({}, '--title', 'Hello', '--body', 'Inside?').catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stdout: string }).stdout).toContain(
      'Sent 0, removed 0 gone subscription(s), 0 failed, 1 refused',
    );
    expect((result as { stderr: string }).stderr).toContain(`Not sent to ${origin}: not a known push service.`);
    expect(received).toEqual([]);
  });

  it('refuses to send without VAPID keys', async () => {
    const result = await run(process.execPath, [pushCommand, 'send', '--title', 'x', '--body', 'y'], {
      env: commandEnv({ DATABASE_URL: `sqlite:${join(directory, 'push.sqlite')}` }),
    }).catch((error: { code: number; stderr: string }) => error);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toContain('Web push is off');
  });

  it('prints a VAPID key pair that the configuration accepts', async () => {
    const { stdout } = await run(process.execPath, [pushCommand, 'keys']);
    const env = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => line.split('=')),
    );
    expect(Object.keys(env)).toEqual(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']);
    expect(loadConfig(env).vapid).toMatchObject({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY });
  });
});
