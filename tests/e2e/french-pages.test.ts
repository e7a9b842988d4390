import { describe, expect, it } from 'vitest';
import { useSite, viewports } from '@growmail/test-support/site';

/**
 * Everything a French visitor reads is French (D37): a French page fails on any of the site's
 * own English interface words, read as a visitor and a screen reader meet them with
 * JavaScript off (its text, its names and its <title>), and on a `lang` other than `fr`. What
 * is marked `lang="en"` (the link to the English twin) is English on purpose and skipped.
 */
const site = useSite();
const desktop = viewports.find((viewport) => viewport.name === 'desktop')!;

/** The site's own English interface strings, from its header, footer, sections and forms. */
const englishInterface = [
  'Get started free',
  'Get Started free',
  'Get a demo',
  'Savings calculator',
  'Learn More',
  'Startup program',
  'Agency sign-up',
  'Terms and conditions',
  'Privacy policy',
  'All rights reserved',
  'Skip to content',
  'Open menu',
  'Social media',
  'Frequently asked questions',
  'What our customers say',
  'Trusted by growing businesses',
  'In The News',
  'Got Questions?',
  'Send message',
  'Send us a message',
  'Full name',
  'Email address',
  'Compare plans',
  'Billing period',
  'Show prices',
  'Pay as you go',
  'Total for your modules',
  'Book your demo',
  'Schedule a Free Demo',
  'Request a demo',
  'Submit Application',
  'Who can apply',
  'What you get',
  'Back to the home page',
  'Thank you',
  'Our newsletter',
  'Get the newsletter',
  'Get product updates',
  'Email preferences',
  'Confirm your subscription',
  'Last updated',
  'Log In',
  'First name',
  'Last name',
  'Company name',
  'Company email',
  'Phone number',
  'Number of users',
  'Estimate your savings',
  'How we estimate',
  'There is a problem',
  'Chat on WhatsApp',
  'Partner logos',
  'per month',
  'per year',
  'Contact sales',
  'Leave this field empty',
];

describe('French pages (D37)', () => {
  it('have lang="fr" and none of the site’s English interface words', async () => {
    const { page, context } = await site.openPage(desktop, { javaScript: false });
    const found: Record<string, string[]> = {};
    const french = site.app.site.routes().filter((route) => route === '/fr' || route.startsWith('/fr/'));
    expect(french.length).toBeGreaterThan(15);
    for (const route of french) {
      await page.goto(`${site.url}${route}`);
      const read = await page.evaluate(() => {
        const body = document.body.cloneNode(true) as HTMLElement;
        for (const english of body.querySelectorAll('[lang="en"]')) english.remove();
        const names = [...body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].map((element) =>
          ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? '').join(' '),
        );
        return {
          lang: document.documentElement.lang,
          text: `${document.title}\n${body.textContent}\n${names.join('\n')}`,
        };
      });
      const words = englishInterface.filter((words) => read.text.includes(words));
      if (read.lang !== 'fr') words.unshift(`lang="${read.lang}"`);
      if (words.length > 0) found[route] = words;
    }
    expect(found).toEqual({});
    await context.close();
  }, 600_000);
});
