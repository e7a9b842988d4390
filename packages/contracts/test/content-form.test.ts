import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { contentKinds } from '../src/content/entries.ts';
import {
  formOf,
  formValueOf,
  hasImage,
  imageFields,
  imagePlaces,
  postedValue,
  problemsByField,
  shapeSuffix,
  typedValue,
  withListAction,
  type FormNode,
  type FormValue,
} from '../src/content/form.ts';
import {
  contentImage,
  contentImageHashes,
  legalDocumentSchema,
  pressSchema,
  testimonialSchema,
} from '../src/content/schemas.ts';

const pressItem = (slug: string) => ({
  publication: `The ${slug} Review`,
  headline: 'A headline',
  summary: 'What it says.',
  summaryFr: 'Ce qu’il dit.',
  date: '2026-05-14',
  href: `https://${slug}.example.com/article`,
  image: `/press/${slug}.svg`,
});

/** A form as a browser posts it: every field by its name, as text. */
function posted(node: FormNode, value: unknown, name: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const walk = (at: FormNode, held: unknown, place: string) => {
    if (at.type === 'group')
      for (const [field, child] of at.fields)
        walk(child, (held as Record<string, unknown>)[field], `${place}.${field}`);
    else if (at.type === 'list') (held as unknown[]).forEach((item, index) => walk(at.item, item, `${place}.${index}`));
    else if (at.type === 'either') {
      const { [shapeSuffix]: shape, value: inner } = held as Record<string, unknown>;
      walk(at.shapes[Number(shape)]!, inner, place);
    } else fields[place] = String(held);
  };
  walk(node, formValueOf(node, value), name);
  return fields;
}

describe('the console’s form made from a content schema (D45)', () => {
  it('gives each kind of field its control: a line, a paragraph, a date, a link, a number, a choice', () => {
    const form = formOf(testimonialSchema);
    expect(form.type === 'group' && Object.fromEntries(form.fields)).toMatchObject({
      order: { type: 'number' },
      name: { type: 'text', long: false, input: 'text' },
      content: { type: 'text', long: true, max: 400 },
      language: { type: 'choice', options: ['en', 'fr'] },
    });
    const press = formOf(pressSchema);
    expect(press).toMatchObject({ type: 'list', min: 3, max: 3, item: { type: 'group' } });
    expect(press.type === 'list' && press.item.type === 'group' && Object.fromEntries(press.item.fields)).toMatchObject(
      { date: { input: 'date' }, href: { input: 'url' }, summary: { long: true } },
    );
  });

  it('shows a new field of a schema with no other change', () => {
    const grown = z.strictObject({ ...testimonialSchema.shape, video: z.optional(z.url()) });
    const form = formOf(grown);
    expect(form.type === 'group' && form.fields.map(([name]) => name)).toContain('video');
  });

  it('gives an image field in a schema a file, its alt text and a box to remove it, with no other change', () => {
    const grown = z.strictObject({ ...testimonialSchema.shape, photo: z.optional(contentImage()) });
    const form = formOf(grown);
    expect(form.type === 'group' && Object.fromEntries(form.fields).photo).toEqual({ type: 'image', optional: true });
    expect([hasImage(form), hasImage(formOf(testimonialSchema))]).toEqual([true, false]);
    const src = `sha256:${'c0'.repeat(32)}`;
    const value = { ...(formValueOf(form, {}) as Record<string, FormValue>), photo: { src, alt: 'Amara at her desk' } };
    expect(imagePlaces(form, value, 'all')).toEqual(['all.photo']);
    const fields = imageFields('all.photo');
    const as = (posted: Record<string, string>) => typedValue(form, postedValue(form, posted, 'all'));
    expect((as({ [fields.src]: src, [fields.alt]: 'Amara at her desk' }) as { photo: unknown }).photo).toEqual({
      src,
      alt: 'Amara at her desk',
    });
    // Removed, or never chosen: an optional image is absent, whatever alt text was left.
    expect(as({ [fields.src]: src, [fields.alt]: 'Left over', [fields.remove]: 'yes' })).not.toHaveProperty('photo');
    expect(as({ [fields.src]: '', [fields.alt]: 'Left over' })).not.toHaveProperty('photo');
    // Its alt text missing, the problem is the alt text's own field.
    const typed = { photo: { src, alt: '' } };
    const checked = z.strictObject({ photo: z.optional(contentImage()) }).safeParse(typed);
    const small = formOf(z.strictObject({ photo: z.optional(contentImage()) }));
    expect(problemsByField(small, formValueOf(small, typed), 'fr', checked.error!.issues)).toEqual({
      'fr.photo.alt': 'say what the picture shows, for those who cannot see it',
    });
    expect(contentImageHashes({ en: [{ photo: { src, alt: 'x' } }], fr: { src: 'sha256:nope' } })).toEqual([
      'c0'.repeat(32),
    ]);
  });

  it('reads every entry the site has, a product page’s blocks as their file writes them', () => {
    for (const kind of Object.values(contentKinds)) expect(formOf(kind.schema).type).toMatch(/group|list/);
    const product = formOf(contentKinds.products.schema);
    const blocks = product.type === 'group' ? product.fields.find(([name]) => name === 'blocks')![1] : undefined;
    expect(blocks?.type === 'list' && blocks.item.type === 'group' && blocks.item.fields.map(([name]) => name)).toEqual(
      ['icon', 'tagline', 'title', 'description', 'benefits', 'colour', 'highlight'],
    );
  });

  it('takes a posted form back to the value it was made from, lists and paragraphs-or-lists included', () => {
    const legal = {
      title: 'Terms',
      updated: '2026-11-01',
      intro: ['These terms apply.'],
      sections: [1, 2, 3].map((index) => ({
        id: `part-${index}`,
        heading: `Part ${index}`,
        body: ['A paragraph.', { list: ['One', 'Two'] }],
      })),
    };
    const node = formOf(legalDocumentSchema);
    const form = postedValue(node, posted(node, legal, 'en'), 'en');
    expect(typedValue(node, form)).toEqual(legal);
    expect(legalDocumentSchema.safeParse(typedValue(node, form)).success).toBe(true);
  });

  it('adds, moves and removes a list’s items, a paragraph or a list among blocks, saving nothing', () => {
    const node = formOf(pressSchema);
    const values = { all: formValueOf(node, ['a', 'b', 'c'].map(pressItem)) };
    const names = (held: Record<string, unknown> | undefined) =>
      (held!['all'] as Array<{ publication: string }>).map((item) => item.publication);
    expect(names(withListAction({ all: node }, values, 'up:all.1'))).toEqual([
      'The b Review',
      'The a Review',
      'The c Review',
    ]);
    expect(names(withListAction({ all: node }, values, 'up:all.0'))).toEqual(names(values));
    expect(names(withListAction({ all: node }, values, 'remove:all.1'))).toEqual(['The a Review', 'The c Review']);
    expect(names(withListAction({ all: node }, values, 'add:all'))).toEqual([...names(values), '']);
    expect(names(values)).toHaveLength(3);
    expect(withListAction({ all: node }, values, 'remove:all.7')).toBeUndefined();
    expect(withListAction({ all: node }, values, 'add:fr')).toBeUndefined();
    expect(withListAction({ all: node }, values, 'down:all.1')).toBeUndefined();

    const legal = formOf(legalDocumentSchema);
    const document = {
      en: formValueOf(legal, { sections: [{ id: 'a', heading: 'A', body: ['Text'] }] }),
    };
    const listed = withListAction({ en: legal }, document, 'add:en.sections.0.body:1');
    expect(typedValue(legal, listed!['en'])).toMatchObject({ sections: [{ body: ['Text', { list: [''] }] }] });
    expect(withListAction({ en: legal }, document, 'add:en.sections.0.body:2')).toBeUndefined();
  });

  it('names each problem by the field it is in, with every value kept as typed', () => {
    const node = formOf(pressSchema);
    const items = ['a', 'b'].map(pressItem);
    const form = postedValue(node, { ...posted(node, items, 'all'), 'all.1.href': 'http://b.example.com/' }, 'all');
    const result = pressSchema.safeParse(typedValue(node, form));
    expect(result.success).toBe(false);
    expect(problemsByField(node, form, 'all', result.error!.issues)).toEqual({
      all: 'the "In The News." section shows exactly 3 items',
      'all.1.href': 'must be an https:// link',
    });
    expect((form as Array<{ href: string }>)[1]!.href).toBe('http://b.example.com/');

    const person = formOf(testimonialSchema);
    const typed = { ...posted(person, {}, 'en'), 'en.order': 'ten', 'en.language': 'de' };
    const refused = testimonialSchema.safeParse(typedValue(person, postedValue(person, typed, 'en')));
    expect(problemsByField(person, postedValue(person, typed, 'en'), 'en', refused.error!.issues)).toMatchObject({
      'en.order': 'must be a whole number',
      'en.name': 'must not be empty',
      'en.language': 'choose one of: en, fr',
    });
  });
});
