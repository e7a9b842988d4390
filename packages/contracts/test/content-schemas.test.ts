import { describe, expect, it } from 'vitest';
import {
  alternatingSides,
  featureBlocksSchema,
  homeSchema,
  pressItemSchema,
  pressSchema,
  productSchema,
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

const testimonial = {
  order: 10,
  name: 'Amara Okafor',
  role: 'Head of Growth',
  roleFr: 'Responsable de la croissance',
  company: 'Zuri Fashion',
  content: 'Repeat orders are up by a third.',
  language: 'en',
  image: '/testimonials/amara-okafor.svg',
};

const block = (tagline: string) => ({
  icon: 'inbox',
  tagline,
  title: 'A block',
  description: 'What it does.',
  benefits: ['One thing', 'Another'],
  colour: 'brand',
  highlight: { value: '99.9%', label: 'inbox delivery' },
});

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the content schemas marketing edits (D45)', () => {
  it('takes exactly three press items, each with an https link', () => {
    const three = ['a', 'b', 'c'].map(pressItem);
    expect(pressSchema.safeParse(three).success).toBe(true);
    expect(problems(pressSchema.safeParse(three.slice(0, 2)))).toEqual([
      ': the "In The News." section shows exactly 3 items',
    ]);
    const plain = [...three.slice(0, 2), { ...pressItem('c'), href: 'http://c.example.com/' }];
    expect(problems(pressSchema.safeParse(plain))).toEqual(['2.href: must be an https:// link']);
  });

  it('refuses an empty field, a testimonial over 400 characters, an image outside its folder and an unknown field', () => {
    expect(testimonialSchema.safeParse(testimonial).success).toBe(true);
    expect(problems(testimonialSchema.safeParse({ ...testimonial, name: '   ' }))).toEqual(['name: must not be empty']);
    expect(problems(testimonialSchema.safeParse({ ...testimonial, content: 'x'.repeat(401) }))).toEqual([
      'content: keep a testimonial under 400 characters so the cards stay even',
    ]);
    expect(problems(testimonialSchema.safeParse({ ...testimonial, image: '/press/amara.svg' }))).toEqual([
      'image: must be an image under public/testimonials/',
    ]);
    expect(testimonialSchema.safeParse({ ...testimonial, nickname: 'Ama' }).success).toBe(false);
  });

  it('needs a testimonial’s job title and a press summary in French too, so a French page never falls back to English', () => {
    const { roleFr: _roleFr, ...noTitle } = testimonial;
    const { summaryFr: _summaryFr, ...noSummary } = pressItem('a');
    expect(problems(testimonialSchema.safeParse(noTitle))).toEqual([expect.stringMatching(/^roleFr: /)]);
    expect(problems(pressItemSchema.safeParse(noSummary))).toEqual([expect.stringMatching(/^summaryFr: /)]);
  });

  it('gives blocks alternating sides and refuses four that do not alternate or repeat an idea', () => {
    const four = ['inbox', 'channels', 'personalisation', 'report'].map((tagline) => ({
      ...block(tagline),
      link: 'register',
      cta: 'Start',
    }));
    const sided = alternatingSides(four as never);
    expect(sided.map((item) => item.direction)).toEqual(['text-left', 'text-right', 'text-left', 'text-right']);
    expect(featureBlocksSchema.safeParse(sided).success).toBe(true);
    const same = sided.map((item) => ({ ...item, direction: 'text-left' }));
    expect(problems(featureBlocksSchema.safeParse(same))).toContain('1.direction: blocks must alternate direction');
    const repeated = alternatingSides([four[0], four[0], four[2], four[3]] as never);
    expect(problems(featureBlocksSchema.safeParse(repeated))).toEqual(['1: duplicate tagline "inbox"']);
  });

  it('links every block of a product page to sign-up, and limits its meta description to 160 characters', () => {
    const product = {
      title: 'Broadcast Messaging',
      description: 'Design and send email campaigns.',
      order: 10,
      navDescription: 'Campaigns that land in the inbox.',
      icon: 'megaphone',
      card: { eyebrow: 'Broadcast Messaging', title: 'Campaigns that land.' },
      hero: { eyebrow: 'Email campaigns', headline: 'Send campaigns people open.', lead: 'Design them without code.' },
      blocks: ['inbox', 'channels', 'personalisation', 'report'].map(block),
    };
    const parsed = productSchema.parse(product);
    expect(parsed.blocks.map((item) => [item.link, item.direction])).toEqual([
      ['register', 'text-left'],
      ['register', 'text-right'],
      ['register', 'text-left'],
      ['register', 'text-right'],
    ]);
    expect(problems(productSchema.safeParse({ ...product, description: 'x'.repeat(161) }))).toEqual([
      'description: keep the meta description under 160 characters',
    ]);
  });

  it('shows three onboarding steps on the home page', () => {
    const home = {
      heroLead: 'Turn one-time buyers into loyal customers.',
      onboarding: [1, 2].map((step) => ({ title: `Step ${step}`, description: 'Do it.' })),
      proof: [1, 2, 3].map((figure) => ({ value: `${figure}%`, label: 'better' })),
      closing: { title: 'Start', lead: 'Now.', cta: 'Create your free account' },
    };
    expect(problems(homeSchema.safeParse(home))).toEqual(['onboarding: the onboarding shows 3 steps']);
  });
});
