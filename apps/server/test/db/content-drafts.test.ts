import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuditRefused } from '@growmail/test-support/audit';
import { testDatabases } from '@growmail/test-support/databases';
import { saveDraft, takeOverDraft } from '../../src/content/drafts.ts';
import type { Db } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';

describe.each(await testDatabases())('drafts of the site’s content on $name (D45)', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  const editors: Record<'ada' | 'bola', { memberId: string; name: string; method: 'passkey' }> = {} as never;
  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
    for (const [key, name] of [
      ['ada', 'Ada Obi'],
      ['bola', 'Bola Ade'],
    ] as const) {
      const member = await data.team.upsertMember({
        email: `${key}@growmail.test`,
        name,
        zone: 'Africa/Lagos',
        role: 'editor',
      });
      editors[key] = { memberId: member.id, name, method: 'passkey' };
    }
  });
  afterAll(() => db?.close());

  const lead = (text: string) => ({ en: { heroLead: text }, fr: { heroLead: `${text} (fr)` } });
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute));

  it('keeps a draft with its author, time and starting version, and its start through later saves', async () => {
    const first = await saveDraft(
      data,
      { entry: 'home', values: lead('One'), base: 'v-release', revision: 0 },
      editors.ada,
      at(1),
    );
    expect(first).toEqual({
      saved: {
        entry: 'home',
        values: lead('One'),
        base: 'v-release',
        revision: 1,
        author: { id: editors.ada.memberId, name: 'Ada Obi' },
        startedAt: at(1).toISOString(),
        savedAt: at(1).toISOString(),
      },
    });
    const second = await saveDraft(
      data,
      { entry: 'home', values: lead('Two'), base: 'v-other', revision: 1 },
      editors.bola,
      at(5),
    );
    expect(second).toMatchObject({
      saved: { revision: 2, base: 'v-release', author: { name: 'Bola Ade' }, startedAt: at(1).toISOString() },
    });
    expect((await data.audit.forRecord('content', 'home')).map((row) => [row.action, row.member_name])).toEqual([
      ['content.draft-saved', 'Ada Obi'],
      ['content.draft-saved', 'Bola Ade'],
    ]);
  });

  it('writes nothing for a second save from the same start, and hands back the first, so both can be shown', async () => {
    const start = { entry: 'faqs', base: 'v-release', revision: 0 };
    const mine = await saveDraft(data, { ...start, values: { en: ['Mine'], fr: ['À moi'] } }, editors.ada, at(10));
    const theirs = await saveDraft(data, { ...start, values: { en: ['Theirs'], fr: ['À eux'] } }, editors.bola, at(11));
    expect(theirs).toEqual({ conflict: 'saved' in mine ? mine.saved : undefined });
    expect((await data.contentDrafts.find('faqs'))?.values).toEqual({ en: ['Mine'], fr: ['À moi'] });
    expect(await data.audit.forRecord('content', 'faqs')).toHaveLength(1);
  });

  it('lets only one of two saves at once from one revision through', async () => {
    await saveDraft(data, { entry: 'press', values: { all: [] }, base: 'v-release', revision: 0 }, editors.ada);
    const outcomes = await Promise.all(
      (['ada', 'bola'] as const).map((who) =>
        saveDraft(data, { entry: 'press', values: { all: [who] }, base: 'v-release', revision: 1 }, editors[who]),
      ),
    );
    expect(outcomes.filter((outcome) => 'saved' in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'conflict' in outcome)).toHaveLength(1);
    expect((await data.contentDrafts.find('press'))?.revision).toBe(2);
  });

  it('lets another editor take a draft over, and the one who had it then sees who has it', async () => {
    const base = { entry: 'legal.terms', base: 'v-release' };
    await saveDraft(data, { ...base, values: { en: 'a', fr: 'b' }, revision: 0 }, editors.ada, at(20));
    const taken = await takeOverDraft(data, 'legal.terms', 1, editors.bola, at(21));
    expect(taken).toMatchObject({ saved: { revision: 2, author: { name: 'Bola Ade' }, values: { en: 'a', fr: 'b' } } });
    const late = await saveDraft(data, { ...base, values: { en: 'c', fr: 'd' }, revision: 1 }, editors.ada, at(22));
    expect(late).toMatchObject({ conflict: { author: { name: 'Bola Ade' }, revision: 2 } });
    expect(await takeOverDraft(data, 'legal.privacy', 0, editors.bola)).toEqual({ conflict: null });
    const audit = await data.audit.forRecord('content', 'legal.terms');
    expect(audit.map((row) => [row.action, row.member_name, JSON.parse(row.detail)])).toEqual([
      ['content.draft-saved', 'Ada Obi', { revision: 1, languages: ['en', 'fr'] }],
      ['content.draft-taken-over', 'Bola Ade', { from: 'Ada Obi', revision: 2 }],
    ]);
  });

  it('keeps no draft whose audit row cannot be written', async () => {
    await withAuditRefused(db, () =>
      saveDraft(data, { entry: 'partners', values: { all: [] }, base: 'v', revision: 0 }, editors.ada),
    );
    expect(await data.contentDrafts.find('partners')).toBeUndefined();
    await saveDraft(data, { entry: 'partners', values: { all: [1] }, base: 'v', revision: 0 }, editors.ada);
    await withAuditRefused(db, () => takeOverDraft(data, 'partners', 1, editors.bola));
    expect(await data.contentDrafts.find('partners')).toMatchObject({ revision: 1, author: { name: 'Ada Obi' } });
    expect((await data.contentDrafts.list()).map((draft) => draft.entry)).toEqual([
      'faqs',
      'home',
      'legal.terms',
      'partners',
      'press',
    ]);
  });
});
