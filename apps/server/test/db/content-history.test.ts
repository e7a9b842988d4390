import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@growmail/test-support/databases';
import type { Db } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';

describe.each(await testDatabases())('an entry’s history among hundreds of publishes on $name (D45)', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
  });
  afterAll(() => db?.close());

  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1) + minute * 60_000);

  it('finds the newest changes of one entry, newest first, whatever the others published between them', async () => {
    // 300 publishes: each tenth changes home, the others home's feature blocks (whose key starts the same) or the FAQs.
    for (let index = 0; index < 300; index++) {
      const entry = index % 10 === 0 ? 'home' : index % 2 === 0 ? 'home-features' : 'faqs';
      const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
      await data.contentPublishes.request({
        id,
        purpose: 'publish',
        drafts: { [entry]: { values: { en: { heroLead: `Lead ${index}` } }, revision: 1 } },
        words: [],
        by: { id: null, name: 'Ada Obi' },
        at: at(index),
      });
      await data.contentPublishes.take(at(index));
      // One in five of home's is refused: it never changed what visitors saw.
      if (index % 50 === 10) await data.contentPublishes.finish(id, { state: 'refused', problems: [] }, at(index));
      else await data.contentPublishes.finish(id, { state: 'passed', commit: 'c0ffee' }, at(index));
    }
    // An undo of the newest home publish counts too, whatever the publisher made of it.
    await data.contentPublishes.request({
      id: '00000000-0000-4000-9000-000000000001',
      purpose: 'undo',
      drafts: { home: { values: { en: { heroLead: 'Lead 280' } }, revision: 0 } },
      words: [],
      by: { id: null, name: 'Bo Li' },
      at: at(400),
      undo: { publish: '00000000-0000-4000-8000-000000000290', version: undefined },
    });

    const history = await data.contentPublishes.historyOf('home', 11);
    expect(history.map((row) => row.drafts['home']!.values)).toEqual([
      { en: { heroLead: 'Lead 280' } },
      ...[290, 280, 270, 250, 240, 230, 220, 200, 190, 180].map((index) => ({ en: { heroLead: `Lead ${index}` } })),
    ]);
    expect(history[0]).toMatchObject({ purpose: 'undo', undoes: '00000000-0000-4000-8000-000000000290' });
    expect(await data.contentPublishes.historyOf('legal.terms', 10)).toEqual([]);
    expect(await data.contentPublishes.historyOf('home-features', 200)).toHaveLength(120);
  });
});
