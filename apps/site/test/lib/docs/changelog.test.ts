import { describe, expect, it } from 'vitest';
import { changelogEntrySchema } from '@/lib/content/schemas';
import { changelog, changelogAtom } from '@/lib/docs/changelog';
import { openApi, operationIds } from '@/lib/docs/openapi';

describe('the changelog', () => {
  it('lists its entries newest first, the newest carrying the OpenAPI document’s version', () => {
    expect(changelog.length).toBeGreaterThanOrEqual(3);
    const dates = changelog.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(changelog[0]!.version).toBe(openApi.info.version);
  });

  it('links each operation an entry touches to the reference page that documents it', () => {
    const touched = changelog.flatMap((entry) => entry.operations);
    expect(touched.map((operation) => operation.id)).toEqual(expect.arrayContaining(operationIds));
    expect(touched.find((operation) => operation.id === 'createContact')?.path).toBe('/developers/reference/contacts');
    expect(touched.find((operation) => operation.id === 'sendTransactional')?.path).toBe(
      '/developers/reference/transactionals',
    );
  });

  it('refuses an entry naming an operation the document does not have, or a date that is not one', () => {
    const entry = {
      title: 'A change',
      date: '2026-11-21',
      version: '1.0.0',
      breaking: false,
      operations: ['createContact'],
    };
    expect(changelogEntrySchema.safeParse(entry).success).toBe(true);
    const unknown = changelogEntrySchema.safeParse({ ...entry, operations: ['deleteEverything'] });
    expect(unknown.error?.issues[0]).toMatchObject({ path: ['operations', 0] });
    expect(unknown.error?.issues[0]?.message).toContain('createContact');
    expect(changelogEntrySchema.safeParse({ ...entry, date: '21/11/2026' }).success).toBe(false);
    expect(changelogEntrySchema.safeParse({ ...entry, version: 'v1' }).success).toBe(false);
  });

  it('writes one Atom entry per changelog entry, on the given origin', () => {
    const feed = changelogAtom('https://docs.example');
    expect(feed.match(/<entry>/g)).toHaveLength(changelog.length);
    expect(feed).toContain('<link rel="self" href="https://docs.example/developers/changelog.atom"/>');
    for (const entry of changelog)
      expect(feed).toContain(`<link href="https://docs.example/developers/changelog#${entry.slug}"/>`);
  });
});
