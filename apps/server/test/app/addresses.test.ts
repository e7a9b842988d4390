import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryFields } from '@growmail/contracts/form-fields';
import { testApp } from '@growmail/test-support/app';

/** Query keys that would carry a person's data, a form's field or a capability (D31). */
const personal = new Set([
  ...enquiryFields,
  'token',
  'firstname',
  'lastname',
  'company_name',
  'phone_number',
  'contact_email',
  'contact_id',
  'customers',
  'annualCost',
]);

describe('the addresses the site produces (D31)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('carry no address, form field or token in any link, form or source of any page', async () => {
    const found: string[] = [];
    let checked = 0;
    for (const route of app.site.routes()) {
      const html = parse((await app.inject(route)).body);
      for (const element of html.querySelectorAll('[href], [src], [action]')) {
        for (const name of ['href', 'src', 'action']) {
          const value = element.getAttribute(name);
          if (!value || value.startsWith('mailto:')) continue;
          checked += 1;
          const url = new URL(value, 'https://site.test');
          const keys = [...url.searchParams.keys()].filter((key) => personal.has(key));
          if (keys.length > 0 || decodeURIComponent(url.href).includes('@')) found.push(`${route}: ${value}`);
        }
      }
    }
    expect(found).toEqual([]);
    // Every page's links, images, scripts and forms: not a check of nothing.
    expect(checked).toBeGreaterThan(1000);
  });

  it('send a personal link’s token on only inside its form, never into a further address', async () => {
    const html = parse((await app.inject('/newsletter/confirm?token=abc.secret')).body);
    const carriers = html
      .querySelectorAll('[href], [src], [action]')
      .filter((element) =>
        ['href', 'src', 'action'].some((name) => element.getAttribute(name)?.includes('abc.secret')),
      );
    expect(carriers).toEqual([]);
    expect(html.querySelector('form[data-form="confirm"] input[name="token"]')?.getAttribute('value')).toBe(
      'abc.secret',
    );
  });
});
