import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEntriesPath, type PublishedEntry } from '@growmail/contracts/content/entries';
import { defaultBookingZone, firstBookingZone } from '@growmail/contracts/demo-booking';
import { testApp } from '@growmail/test-support/app';
import { createSchema, testDatabases } from '@growmail/test-support/databases';
import { openDatabase } from '../../src/db/index.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { buildFiles } from '../../src/site/build-files.ts';
import { releaseOf } from '../../src/site/release.ts';
import { signedIn } from './console-session.ts';

const dist = join(import.meta.dirname, '..', '..', '..', 'site', 'dist');
/** The release these servers run, which a version must be built on to be served. */
const release = releaseOf(join(dist, '..'));

/**
 * A small published version made from the release's build: the home page with new words, and one
 * hashed stylesheet renamed, as a publish whose CSS changed would have it.
 */
async function publishedVersion(words: string) {
  const files = await buildFiles(dist);
  const home = files.get('/index.html')!.toString('utf8');
  const lead = /Turn one-time buyers into loyal customers\./;
  expect(home).toMatch(lead);
  const css = [...files.keys()].find((path) => path.startsWith('/_astro/') && path.endsWith('.css'))!;
  const renamed = css.replace(/\.css$/, '-v2.css');
  files.set(renamed, files.get(css)!);
  files.delete(css);
  files.set('/index.html', Buffer.from(home.replace(lead, words).replaceAll(css, renamed)));
  const entries = JSON.parse(files.get(publishedEntriesPath)!.toString('utf8')) as PublishedEntry[];
  const published = entries.find((entry) => entry.id === 'home')!.published as Record<string, { heroLead: string }>;
  published.en!.heroLead = words;
  files.set(publishedEntriesPath, Buffer.from(JSON.stringify(entries)));
  return { files, css, renamed };
}

describe('published versions of the site (D45)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'growmail-versions-'));
  const databaseUrl = `sqlite:${join(folder, 'site.sqlite')}`;
  let servers: Array<Awaited<ReturnType<typeof testApp>>>;
  beforeAll(async () => {
    // Two servers on one SQLite file, as deploy.md has two on one machine.
    servers = [await testApp({ DATABASE_URL: databaseUrl }), await testApp({ DATABASE_URL: databaseUrl })];
    await Promise.all(servers.map((server) => server.ready()));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(folder, { recursive: true, force: true });
  });

  // Three minutes: the version is the whole build, 34 MB read, stored and loaded twice, and each
  // server compresses its pages at the lowest priority (site/compression.ts), so in a full run,
  // which keeps both cores busy, it waits for what the other tests leave: 9 s alone, 42-64 s there.
  it(
    'serves the release’s build until a version is made current, then the version on every server, its old assets still found',
    { timeout: 180_000 },
    async () => {
      const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
      const before = await one.inject('/');
      expect((await one.inject('/services/health/ready')).json().payload.version).toBe('release');

      const data = dataAccess(one.db);
      // Built on another release's code: no server serves it.
      const other = randomUUID();
      const stale = new Map([['/index.html', Buffer.from('<p>Words from another release.</p>')]]);
      await data.contentVersions.store(
        { id: other, publishId: randomUUID(), commit: 'c0ffee', release: 'another', at: new Date() },
        stale,
      );
      await data.contentVersions.makeCurrent(other, new Date(), one.db.dialect);
      await one.contentVersion.check();
      expect((await one.inject('/')).body).not.toContain('Words from another release.');
      expect((await one.inject('/services/health/ready')).json().payload.version).toBe('release');

      const { files, css, renamed } = await publishedVersion('Words marketing published today.');
      const id = randomUUID();
      await data.contentVersions.store(
        { id, publishId: randomUUID(), commit: 'c0ffee', release, at: new Date() },
        files,
      );
      await data.contentVersions.makeCurrent(id, new Date(), one.db.dialect);
      // Each reads the current version every 15 s; here, at once.
      await Promise.all(servers.map((server) => server.contentVersion.check()));
      // Its stamped home page and /demo made and compressed before it was served, not on their first request.
      for (const server of [one, two]) {
        const stamped = await server.stampedPages.forNow(server.site.page('/')!);
        expect(stamped.file.body.toString()).toContain('Words marketing published today.');
        expect([...stamped.file.encoded.keys()].sort()).toEqual(['br', 'gzip']);
        for (const demo of [
          await server.demoPage.page(defaultBookingZone),
          await server.demoPage.page(firstBookingZone.fr, 'fr'),
        ])
          expect([...demo.encoded.keys()].sort()).toEqual(['br', 'gzip']);
      }

      for (const server of [one, two]) {
        const home = await server.inject('/');
        expect(home.body).toContain('Words marketing published today.');
        expect(home.headers.etag).not.toBe(before.headers.etag);
        expect((await server.inject('/services/health/ready')).json().payload.version).toBe(id);
        expect((await server.inject('/services/health')).body).not.toContain(id);
        // Every hashed asset the new page asks for, and the one the page before asked for.
        const assets = [...home.body.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((match) => match[1]!);
        expect(assets).toContain(renamed);
        for (const asset of [...assets, css])
          expect([asset, (await server.inject(asset)).statusCode]).toEqual([asset, 200]);
      }
      // The console's Site section shows what the version publishes, and never a visitor the entries' file.
      const editor = await signedIn(one, 'editor');
      const form = await one.inject({ url: '/team/site/home', cookies: editor.cookies });
      expect(form.body).toMatch(/<textarea[^>]*name="en\.heroLead"[^>]*>Words marketing published today\.<\/textarea>/);
      expect((await one.inject(publishedEntriesPath)).body).not.toContain('heroLead');

      // A later publish keeps the assets of the version before, not those it kept in turn, and the
      // release's, which the pages its renderer renders on demand ask for.
      for (const [suffix, words] of [
        ['-v3', 'Words marketing published later.'],
        ['-v4', 'Words marketing published last.'],
      ] as const) {
        const version = randomUUID();
        const next = await publishedVersion(words);
        next.files.delete(renamed);
        next.files.set(renamed.replace(/\.css$/, `${suffix}.css`), files.get(renamed)!);
        await data.contentVersions.store(
          { id: version, publishId: randomUUID(), commit: 'c0ffee', release, at: new Date() },
          next.files,
        );
        if (suffix === '-v3') {
          // A server reads only the bodies it does not hold: these, shared with the version it
          // serves, are gone from the database, and it serves the new version all the same.
          const served = new Set(Object.values((await data.contentVersions.find(id))!.files));
          const shared = Object.values((await data.contentVersions.find(version))!.files).filter((hash) =>
            served.has(hash),
          );
          expect(shared.length).toBeGreaterThan(100);
          await one.db.kysely.deleteFrom('content_files').where('sha256', 'in', shared).execute();
        }
        await data.contentVersions.makeCurrent(version, new Date(), one.db.dialect);
        await one.contentVersion.check();
        expect((await one.inject('/')).body).toContain(words);
        if (suffix === '-v3') expect((await one.inject(renamed)).statusCode, 'the version before').toBe(200);
      }
      expect((await one.inject(renamed)).statusCode, 'two versions before').toBe(404);
      expect((await one.inject(css)).statusCode, 'the release’s, for its renderer').toBe(200);

      // The page compressed as the release's pages are, with its own ETag for a revalidation.
      const compressed = await one.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      const again = await one.inject({
        url: '/',
        headers: { 'accept-encoding': 'br', 'if-none-match': compressed.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    },
  );
});

describe.runIf((await testDatabases()).some((database) => database.name === 'postgres'))(
  'published versions on PostgreSQL (D45)',
  () => {
    it('reach a server at once through LISTEN/NOTIFY, before its next read', async () => {
      const schema = await createSchema('versions');
      // A poll that would take longer than the test: only the notification can bring the version.
      const server = await testApp({ DATABASE_URL: schema.url });
      const publisher = openDatabase(schema.url);
      try {
        await server.ready();
        const data = dataAccess(publisher);
        const id = randomUUID();
        await publisher.kysely.transaction().execute(async (trx) => {
          const versions = data.contentVersions.in(trx);
          await versions.store(
            { id, publishId: randomUUID(), commit: 'c0ffee', release, at: new Date() },
            new Map([['/index.html', Buffer.from('<!DOCTYPE html><p>Heard at once.</p>')]]),
          );
          await versions.makeCurrent(id, new Date(), 'postgres');
        });
        await expect.poll(async () => (await server.inject('/')).body, { timeout: 10_000 }).toContain('Heard at once.');
      } finally {
        await server.close();
        await publisher.close();
        await schema.drop();
      }
    });
  },
);
