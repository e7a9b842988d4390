import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeDrafts } from '../../src/publisher/content-files.ts';

const content = join(import.meta.dirname, '..', '..', '..', 'site', 'src', 'content');
const copies: string[] = [];
afterAll(() => copies.forEach((copy) => rmSync(copy, { recursive: true, force: true })));

/** A copy of the site's content files, as the publisher's copy of the site holds them. */
function siteCopy() {
  const site = mkdtempSync(join(tmpdir(), 'growmail-content-'));
  cpSync(content, join(site, 'src', 'content'), { recursive: true });
  copies.push(site);
  return site;
}
const read = (site: string, file: string) => readFileSync(join(site, 'src', 'content', file), 'utf8');

describe('the publisher’s writing of drafts into the content files (D45)', () => {
  it('writes each entry where the site reads it, keeping the file’s header and whatever the draft does not hold', async () => {
    const site = siteCopy();
    const home = parse(read(site, 'home.yaml')) as Record<'en' | 'fr', { heroLead: string }>;
    const faqs = parse(read(site, 'faqs.yaml')) as Record<'en' | 'fr', { questions: unknown[] }>;
    const press = Object.values(parse(read(site, 'press.yaml')) as Record<string, { date: string }>);
    const written = await writeDrafts(site, {
      home: { en: { ...home.en, heroLead: 'A new lead.' } },
      faqs: { fr: faqs.fr.questions },
      press: { all: press },
    });
    expect(written).toEqual({
      files: ['src/content/home.yaml', 'src/content/faqs.yaml', 'src/content/press.yaml'],
      problems: [],
    });
    expect(parse(read(site, 'home.yaml'))).toEqual({ en: { ...home.en, heroLead: 'A new lead.' }, fr: home.fr });
    expect(read(site, 'home.yaml')).toMatch(/^# The home page's copy/);
    expect(parse(read(site, 'faqs.yaml'))).toEqual(faqs);
    // Untouched in substance, and in form: keys by slug, quoted dates, the header.
    expect(read(site, 'press.yaml')).toBe(readFileSync(join(content, 'press.yaml'), 'utf8'));
  });

  it('refuses an entry it does not know where to keep', async () => {
    expect(await writeDrafts(siteCopy(), { nothing: { en: {} } })).toEqual({
      files: [],
      problems: [
        { entry: 'nothing', message: 'The publisher does not know where this entry is kept, so it cannot publish it.' },
      ],
    });
  });
});
