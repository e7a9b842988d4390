import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@growmail/test-support/databases';
import { saveDraft } from '../../src/content/drafts.ts';
import { finishPublish, requestPublish } from '../../src/content/publish.ts';
import type { Db } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { sha256Of } from '../../src/repositories/content-versions.ts';

describe.each(await testDatabases())('deleting old versions of the site on $name (D45)', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  let editor: { memberId: string; name: string; method: 'passkey' };
  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
    const member = await data.team.upsertMember({
      email: 'ada@growmail.test',
      name: 'Ada Obi',
      zone: 'Africa/Lagos',
      role: 'editor',
    });
    editor = { memberId: member.id, name: 'Ada Obi', method: 'passkey' };
  });
  afterAll(() => db?.close());

  const hour = (n: number) => new Date(Date.UTC(2026, 10, 20) + n * 60 * 60_000);
  /** A build of a page with these words, its hashed script, and a stylesheet every build shares. */
  const build = (words: string) =>
    new Map<string, Uint8Array>([
      ['/index.html', Buffer.from(`<p>${words}</p>`)],
      [`/_astro/${words}.js`, Buffer.from(`console.log(${JSON.stringify(words)})`)],
      ['/_astro/site.css', Buffer.from('p{margin:0}')],
    ]);

  /** A publish (or preview) of `words` that passes at `at`; resolves to its version. */
  async function passed(words: string, at: Date, purpose: 'publish' | 'preview' = 'publish') {
    const draft = await data.contentDrafts.find('home');
    const values = { en: { heroLead: words }, fr: { heroLead: `${words} (fr)` } };
    await saveDraft(data, { entry: 'home', values, base: 'v', revision: draft?.revision ?? 0 }, editor, at);
    await requestPublish(data, { entries: ['home'], words: [] }, editor, at, purpose);
    const publish = (await data.contentPublishes.take(at))!;
    await finishPublish(
      data,
      publish,
      { state: 'passed', commit: 'c'.repeat(40), release: 'r', files: build(words) },
      at,
    );
    return (await data.contentPublishes.find(publish.id))!.version!;
  }

  const storedFiles = async () =>
    (await db.kysely.selectFrom('content_files').select('sha256').execute()).map((row) => row.sha256).sort();
  const filesOf = (...words: string[]) =>
    [...new Set(words.flatMap((each) => [...build(each).values()].map(sha256Of)))].sort();

  it('keeps the current version, the ones before it an undo may go back to, and recent previews, and deletes the rest with the files only they held', async () => {
    expect(await data.contentVersions.prune(hour(0)), 'nothing published yet').toEqual({ versions: 0, files: 0 });
    const one = await passed('one', hour(1));
    const oldPreview = await passed('preview-a', hour(2), 'preview');
    const two = await passed('two', hour(3));
    const previewB = await passed('preview-b', hour(4), 'preview');
    const previewC = await passed('preview-c', hour(5), 'preview');
    const three = await passed('three', hour(40));
    const previewD = await passed('preview-d', hour(41), 'preview');
    const four = await passed('four', hour(42));
    expect(await data.contentVersions.currentId()).toBe(four);

    // Kept by default: four and the three before it, each an undo away.
    const day = 24 * 60 * 60_000;
    expect(await data.contentVersions.prune(hour(42), { previews: 2, previewsFor: day, undos: 3 })).toEqual({
      versions: 2,
      files: 4,
    });
    for (const kept of [one, two, three]) expect(await data.contentVersions.find(kept)).toBeDefined();
    // One undo back: the previews kept are the two newest (d, c); none else is under a day old.
    expect(await data.contentVersions.prune(hour(42), { previews: 2, previewsFor: day, undos: 1 })).toEqual({
      versions: 2,
      files: 4,
    });
    for (const gone of [one, oldPreview, two, previewB]) expect(await data.contentVersions.find(gone)).toBeUndefined();
    for (const kept of [four, three, previewD, previewC]) expect(await data.contentVersions.find(kept)).toBeDefined();
    expect(await storedFiles(), 'the shared stylesheet stays, held by the versions kept').toEqual(
      filesOf('four', 'three', 'preview-d', 'preview-c'),
    );
    // The version kept is whole: a server can still load it.
    const previous = (await data.contentVersions.find(three))!;
    const bodies = await data.contentVersions.bodies(Object.values(previous.files));
    expect(bodies.size).toBe(3);

    expect(await data.contentVersions.prune(hour(43)), 'nothing more to delete').toEqual({ versions: 0, files: 0 });
  });

  it('keeps every preview under a day old, and the version an undo made current with the ones before it and the one it replaced', async () => {
    const five = await passed('five', hour(50));
    const previews = [await passed('p1', hour(51), 'preview'), await passed('p2', hour(52), 'preview')];
    const p3 = await passed('p3', hour(53), 'preview');
    // "Undo the last publish" serves the version before again: four, made current over five.
    const four = (await data.contentVersions.find(five))!.previousId!;
    await db.kysely.transaction().execute((trx) => data.contentVersions.in(trx).restore(four, hour(54), db.dialect));

    // A day after p1: the two newest previews, and p1, under a day old, stay; preview-d goes.
    await data.contentVersions.prune(hour(66));
    const left = (await db.kysely.selectFrom('content_versions').select('id').execute()).map((row) => row.id);
    const three = (await data.contentVersions.find(four))!.previousId!;
    expect(left.sort()).toEqual([three, four, five, ...previews, p3].sort());
    expect(await storedFiles()).toEqual(filesOf('three', 'four', 'five', 'p1', 'p2', 'p3'));
  });

  it('records a failed push on its publish, and clears every failure once a push carries their commits', async () => {
    const [first, second] = await data.contentPublishes.recent(2);
    await data.contentPublishes.recordPush(first!.id, 'fatal: could not read from remote repository.');
    await data.contentPublishes.recordPush(second!.id, 'rejected: fetch first');
    expect((await data.contentPublishes.find(first!.id))!.pushProblem).toBe(
      'fatal: could not read from remote repository.',
    );
    await data.contentPublishes.recordPush(first!.id, undefined);
    for (const publish of [first!, second!])
      expect((await data.contentPublishes.find(publish.id))!.pushProblem).toBeUndefined();
  });
});
