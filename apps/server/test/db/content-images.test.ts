import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@growmail/test-support/databases';
import type { Db } from '../../src/db/index.ts';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';

describe.each(await testDatabases())('images uploaded for the site on $name (D45)', ({ open }) => {
  let db: Db;
  let data: DataAccess;
  beforeAll(async () => {
    db = await open();
    data = dataAccess(db);
  });
  afterAll(() => db?.close());

  const image = (sha256: string, byte: number) => ({
    sha256,
    mediaType: 'image/png' as const,
    width: 640,
    height: 480,
    body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, byte, 0, 255]),
    preview: new Uint8Array([0x52, 0x49, 0x46, 0x46, byte]),
  });
  const [first, second] = ['a1'.repeat(32), 'b2'.repeat(32)];

  it('keeps an image once by its hash, with its bytes, size and preview as they were given', async () => {
    await data.contentImages.store(image(first, 1), new Date('2026-11-29T10:00:00Z'));
    // The same file uploaded again is the row already kept.
    await data.contentImages.store(image(first, 2), new Date('2026-11-29T11:00:00Z'));
    await data.contentImages.store(image(second, 3), new Date('2026-11-29T12:00:00Z'));
    expect([...(await data.contentImages.stored([first, second, 'c3'.repeat(32)]))].sort()).toEqual([first, second]);
    expect(await data.contentImages.stored([])).toEqual(new Set());
    expect([...((await data.contentImages.preview(first)) ?? [])]).toEqual([0x52, 0x49, 0x46, 0x46, 1]);
    expect(await data.contentImages.preview('c3'.repeat(32))).toBeUndefined();
    const [kept] = await data.contentImages.bodies([first, first]);
    expect(kept).toEqual({
      sha256: first,
      mediaType: 'image/png',
      width: 640,
      height: 480,
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 0, 255]),
    });
    expect(await data.contentImages.bodies([])).toEqual([]);
  });
});
