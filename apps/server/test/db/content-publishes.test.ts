import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuditRefused } from '@growmail/test-support/audit';
import { testDatabases } from '@growmail/test-support/databases';
import { saveDraft } from '../../src/content/drafts.ts';
import { finishPublish, requestPublish } from '../../src/content/publish.ts';
import type { Db } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';

describe.each(await testDatabases())('publishes of the site’s content on $name (D45)', ({ open }) => {
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

  const lead = (text: string) => ({ en: { heroLead: text }, fr: { heroLead: `${text} (fr)` } });
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 11, minute));
  /** A build of two files: a page with these words, and a stylesheet every build shares. */
  const build = (words: string) =>
    new Map<string, Uint8Array>([
      ['/index.html', Buffer.from(`<p>${words}</p>`)],
      ['/_astro/site.css', Buffer.from('p{margin:0}')],
    ]);

  it('queues the chosen drafts as they are, hands each to one publisher, and keeps a draft saved since', async () => {
    await saveDraft(data, { entry: 'home', values: lead('One'), base: 'v', revision: 0 }, editor, at(1));
    expect(
      await requestPublish(data, { entries: ['faqs'], words: [] }, editor, at(2)),
      'no draft, no publish',
    ).toBeUndefined();
    const id = await requestPublish(data, { entries: ['home', 'faqs'], words: ['Okonkwo'] }, editor, at(3));
    expect(id).toBeDefined();
    // Saved again while it builds: the publish keeps what was chosen, and the later save stays a draft.
    await saveDraft(data, { entry: 'home', values: lead('Two'), base: 'v', revision: 1 }, editor, at(4));

    const taken = await data.contentPublishes.take(at(5));
    expect(taken).toMatchObject({
      id,
      state: 'building',
      entries: ['home'],
      words: ['Okonkwo'],
      requestedBy: 'Ada Obi',
      requestedById: editor.memberId,
      drafts: { home: { values: lead('One'), revision: 1 } },
    });
    expect(await data.contentPublishes.take(at(6)), 'one publisher takes it').toBeUndefined();
    // A publisher stopped while building: started again, it builds that publish again.
    expect(await data.contentPublishes.requeueInterrupted()).toBe(1);
    expect(await data.contentPublishes.take(at(6))).toMatchObject({ id, state: 'building' });

    expect(
      await finishPublish(
        data,
        taken!,
        { state: 'passed', commit: 'abc123', release: 'r1', files: build('One') },
        at(7),
      ),
    ).toBe(true);
    expect(
      await finishPublish(
        data,
        taken!,
        { state: 'passed', commit: 'abc123', release: 'r1', files: build('One') },
        at(8),
      ),
      'once',
    ).toBe(false);
    expect(await data.contentPublishes.find(id!)).toMatchObject({ state: 'passed', commit: 'abc123' });
    expect(await data.contentDrafts.find('home'), 'saved since: still a draft').toMatchObject({ revision: 2 });

    const again = await requestPublish(data, { entries: ['home'], words: [] }, editor, at(9));
    const next = await data.contentPublishes.take(at(10));
    await finishPublish(data, next!, { state: 'passed', commit: 'def456', release: 'r1', files: build('Two') }, at(11));
    expect(await data.contentDrafts.find('home'), 'published as it was: no longer a draft').toBeUndefined();

    // Each pass is the current version in turn, following the one before; a file both hold is stored once.
    const first = (await data.contentPublishes.find(id!))!.version!;
    const second = (await data.contentPublishes.find(again!))!.version!;
    expect(await data.contentVersions.currentId()).toBe(second);
    const version = (await data.contentVersions.find(second))!;
    expect(version).toMatchObject({ publishId: again, commit: 'def456', previousId: first });
    const bodies = await data.contentVersions.bodies(Object.values(version.files));
    expect(bodies.get(version.files['/index.html']!)?.toString()).toBe('<p>Two</p>');
    const css = (await data.contentVersions.find(first))!.files['/_astro/site.css'];
    expect(css).toBe(version.files['/_astro/site.css']);
    const stored = await db.kysely
      .selectFrom('content_files')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(stored!.n), 'two pages and one stylesheet').toBe(3);

    const actions = (await data.audit.list(10)).map((row) => [row.action, row.record_id]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['content.publish-requested', id],
        ['content.published', id],
        ['content.published', again],
      ]),
    );
  });

  it('records a refusal with each problem by its field, and leaves the drafts as they were', async () => {
    await saveDraft(data, { entry: 'faqs', values: { en: [] }, base: 'v', revision: 0 }, editor, at(20));
    await requestPublish(data, { entries: ['faqs'], words: [] }, editor, at(21));
    const taken = await data.contentPublishes.take(at(22));
    const problems = [{ entry: 'faqs', field: 'en.0.question', message: 'the spelling check does not know “Qestion”' }];
    await finishPublish(data, taken!, { state: 'refused', problems }, at(23));
    expect(await data.contentPublishes.find(taken!.id)).toMatchObject({ state: 'refused', problems });
    expect(await data.contentDrafts.find('faqs')).toMatchObject({ revision: 1 });
    expect((await data.contentPublishes.recent(1))[0]!.id).toBe(taken!.id);
  });

  it('keeps a preview’s build as a version that is never made current, and its drafts as drafts', async () => {
    const current = await data.contentVersions.currentId();
    await requestPublish(data, { entries: ['faqs'], words: [] }, editor, at(40), 'preview');
    const taken = (await data.contentPublishes.take(at(41)))!;
    expect(taken.purpose).toBe('preview');
    await finishPublish(data, taken, { state: 'passed', commit: 'c', release: 'r1', files: build('Preview') }, at(42));
    const { version } = (await data.contentPublishes.find(taken.id))!;
    expect(await data.contentVersions.find(version!)).toMatchObject({ publishId: taken.id, previousId: null });
    expect(await data.contentVersions.currentId()).toBe(current);
    expect(await data.contentDrafts.find('faqs')).toBeDefined();
    // Rows of one millisecond come in any order: found by what they say.
    const rows = await data.audit.list(10);
    expect(rows.find((row) => row.record_id === taken.id && row.action === 'content.previewed')).toBeDefined();
  });

  it('writes nothing when the audit row cannot be written', async () => {
    await withAuditRefused(db, () => requestPublish(data, { entries: ['faqs'], words: [] }, editor, at(30)));
    expect(await data.contentPublishes.take(at(31))).toBeUndefined();
    await requestPublish(data, { entries: ['faqs'], words: [] }, editor, at(32));
    const taken = await data.contentPublishes.take(at(33));
    const current = await data.contentVersions.currentId();
    await withAuditRefused(db, () =>
      finishPublish(data, taken!, { state: 'passed', commit: 'x', release: 'r1', files: build('Three') }, at(34)),
    );
    expect(await data.contentPublishes.find(taken!.id)).toMatchObject({ state: 'building' });
    expect(await data.contentVersions.currentId(), 'no new version').toBe(current);
    expect(await data.contentDrafts.find('faqs')).toBeDefined();
  });
});
