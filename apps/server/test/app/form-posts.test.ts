import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { savingsLead } from '@growmail/test-support/submissions';
import { dataAccess } from '../../src/repositories/index.ts';
import { trackingSecret } from '../../src/secrets.ts';
import { mintFormStamp, stampIssuedAt } from '../../src/submissions/screening.ts';
import { inlineScriptHashes } from '../../src/site/site-files.ts';

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) body.append(name, one);
  }
  return body.toString();
};

const enquiry = {
  form_name: 'enquiry',
  fullname: 'Ada Obi',
  email: 'ada@acme.test',
  subject: 'Agency pricing',
  body: 'Hello there, a question about pricing.',
  homepage: '',
};

describe('native form posts (D30)', () => {
  let app: FastifyInstance;
  let stamp: string;
  beforeAll(async () => {
    app = await testApp({ FORM_MIN_FILL_SECONDS: '3', RATE_LIMIT_PER_MINUTE: '1000' });
    await app.ready();
    stamp = mintFormStamp(await trackingSecret(app, app.config), new Date(Date.now() - 20_000));
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (url: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const page = (html: string) => parse(html);
  const leadsFor = async (email: string) =>
    (await dataAccess(app.db).leads.list({})).filter((row) => row.email === email);

  it('signs the stamp of the current window into a page with a lead form, keeping its CSP hashes', async () => {
    const response = await app.inject('/contact');
    expect(response.statusCode).toBe(200);
    const field = page(response.body).querySelector('form[data-form="enquiry"] input[name="form_stamp"]');
    const secret = await trackingSecret(app, app.config);
    const issued = stampIssuedAt(secret, field?.getAttribute('value'))!.getTime();
    expect(issued % app.config.formStamp.windowMs).toBe(0);
    expect(issued).toBeGreaterThan(Date.now() - app.config.formStamp.windowMs);
    expect(response.body).not.toContain('gm-form-stamp-stand-in');
    const csp = String(response.headers['content-security-policy']);
    for (const hash of inlineScriptHashes(response.body)) expect(csp).toContain(hash);
  });

  it('stores a valid post and answers 303 to the outcome page, with no field in the address', async () => {
    const response = await post('/contact', { ...enquiry, email: 'stored@acme.test', form_stamp: stamp });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/sent\?form=enquiry&reference=[\w-]+$/);
    expect(await leadsFor('stored@acme.test')).toHaveLength(1);

    const outcome = await app.inject(location);
    expect(outcome.statusCode).toBe(200);
    const html = page(outcome.body);
    expect(html.querySelector('#outcome-message')?.text).toBe(
      'Thank you for reaching out! We will get back to you shortly.',
    );
    expect(html.querySelector('#outcome-reference')?.text).toBe(
      new URLSearchParams(location.split('?')[1]).get('reference'),
    );
  });

  const person = {
    firstname: 'Ada',
    lastname: 'Obi',
    company_name: 'Acme',
    phone_number: '+234 803 123 4567',
    homepage: '',
  };
  describe.each([
    {
      form: 'demo',
      page: '/demo',
      choices: { subscribers: '100K:250K' } as Record<string, string>,
      message: 'Request submitted successfully',
    },
    {
      form: 'startup',
      page: '/startup',
      choices: { user_count: '10:50K', annual_budget: '5K:10K' } as Record<string, string>,
      message: 'Application submitted successfully',
    },
  ])('the $form form', ({ form: name, page: path, choices, message }) => {
    it('stores a native post as a lead and answers 303 to its outcome', async () => {
      const email = `${name}-stored@acme.test`;
      const response = await post(path, { form_name: name, ...person, ...choices, email, form_stamp: stamp });
      expect(response.statusCode).toBe(303);
      const location = String(response.headers.location);
      expect(location).toMatch(new RegExp(`^/sent\\?form=${name}&reference=[\\w-]+$`));
      const leads = await leadsFor(email);
      expect(leads.map((lead) => lead.type)).toEqual([name]);
      expect(page((await app.inject(location)).body).querySelector('#outcome-message')?.text).toBe(message);
    });

    it('sends the page back with each problem on its field, and the choices kept', async () => {
      const response = await post(path, { form_name: name, ...person, ...choices, firstname: '', email: 'nope' });
      expect(response.statusCode).toBe(400);
      const html = page(response.body);
      const summary = html.querySelector(`form[data-form="${name}"] [data-error-summary]`)!;
      expect(summary.querySelectorAll('a').map((link) => link.text)).toEqual([
        'First name is required.',
        'Invalid email address.',
      ]);
      for (const link of summary.querySelectorAll('a')) {
        expect(html.querySelector(link.getAttribute('href')!.replace(/([«»:])/g, '\\$1'))).not.toBeNull();
      }
      for (const [field, value] of Object.entries(choices)) {
        expect(html.querySelector(`select[name="${field}"] option[selected]`)?.getAttribute('value')).toBe(value);
      }
      expect(html.querySelector('input[name="company_name"]')?.getAttribute('value')).toBe('Acme');
      expect(await leadsFor('nope')).toHaveLength(0);
    });
  });

  describe('the calculator', () => {
    const calculator = { form_name: 'savings', customers: '30000', annualCost: '50000', campaign: 'on', push: 'on' };

    it.each(['/calculator', '/calculator/calculate'])(
      '%s: stores the savings lead and shows the result on the outcome page',
      async (path) => {
        const email = `savings${path.length}@acme.test`;
        const response = await post(path, { ...calculator, email, form_stamp: stamp });
        expect(response.statusCode).toBe(303);
        const [lead] = await leadsFor(email);
        // 30,000 customers × (5 + 3.5) × 12 / 1,500 = 2,040; 50,000 − 2,040 = 47,960.
        expect(JSON.parse(lead!.metadata)).toMatchObject({ savings: 47960, contact_count: 30000 });
        const outcome = page((await app.inject(String(response.headers.location))).body);
        expect(outcome.querySelector('#outcome-message')?.text).toBe(
          'You can save up to $47,960.00 every year by moving your messaging to Growmail.',
        );
      },
    );

    /** The outcome page's savings picture, row by row as a screen reader reads it; none when it has none. */
    const pictureOf = (html: string) =>
      page(html)
        .querySelectorAll('main figure li')
        .map((row) => row.text);

    it.each([
      ['/calculator/calculate', ['Today $50,000.00', 'With Growmail $2,040.00', 'You save $47,960.00']],
      [
        '/fr/calculator/calculate',
        [
          'Aujourd’hui 50\u202f000,00\u00a0dollars US',
          'Avec Growmail 2\u202f040,00\u00a0dollars US',
          'Vous économisez 47\u202f960,00\u00a0dollars US',
        ],
      ],
    ])('%s: draws the result beside its sentence on the outcome page (issue 40)', async (path, rows) => {
      const email = `picture${path.length}@acme.test`;
      const response = await post(path, { ...calculator, email, form_stamp: stamp });
      expect(response.headers.location).toMatch(path.startsWith('/fr/') ? /^\/fr\/sent\?/ : /^\/sent\?/);
      const outcome = await app.inject(String(response.headers.location));
      expect(pictureOf(outcome.body)).toEqual(rows);
      expect(page(outcome.body).querySelector('#outcome-message')?.text).toContain(rows[2]!.split(' ').at(-1));
    });

    it('shows a lead posted from elsewhere with a saving the rules would not give without a picture', async () => {
      // 20,000 customers on campaigns and automations cost 1,600 a year: 12,000 saves 10,400, not 8,000.
      const stored = await app.inject({ method: 'POST', url: '/services/sales/leads', payload: savingsLead });
      const { id } = stored.json<{ payload: { id: string } }>().payload;
      const outcome = await app.inject(`/sent?form=savings&reference=${id}`);
      expect(page(outcome.body).querySelector('#outcome-message')?.text).toBe(
        'You can save up to $8,000.00 every year by moving your messaging to Growmail.',
      );
      expect(pictureOf(outcome.body)).toEqual([]);
    });

    it.each([
      ['/calculator/calculate', { customers: '30,000', annualCost: '$50,000.50' }],
      ['/fr/calculator/calculate', { customers: '30 000', annualCost: '50\u202f000,50' }],
      ['/fr/calculator', { customers: '30000', annualCost: '50000,5' }],
    ])('%s: reads the numbers as written in the page’s language', async (path, typed) => {
      const email = `decimal${path.length}-${typed.customers.length}@acme.test`;
      const response = await post(path, { ...calculator, ...typed, email, form_stamp: stamp });
      expect(response.statusCode).toBe(303);
      const [lead] = await leadsFor(email);
      expect(JSON.parse(lead!.metadata)).toMatchObject({
        contact_count: 30000,
        current_cost: 50000.5,
        savings: 47960.5,
      });
    });

    it.each([
      ['/calculator/calculate', '1.500', 'A number like 1.500 can be read two ways'],
      ['/fr/calculator/calculate', '1.500', 'Un nombre comme 1,500 ou 1.500 peut se lire de deux façons'],
      ['/fr/calculator/calculate', '1,500', 'Un nombre comme 1,500 ou 1.500 peut se lire de deux façons'],
    ])('%s: stores nothing for an annual cost of %s and asks for it again', async (path, annualCost, said) => {
      const email = `ambiguous${path.length}-${annualCost}@acme.test`;
      const response = await post(path, { ...calculator, annualCost, email, form_stamp: stamp });
      expect(response.statusCode).toBe(400);
      const html = page(response.body);
      const links = html.querySelectorAll('[data-error-summary] a');
      expect(links).toHaveLength(1);
      expect(links[0]?.text).toMatch(new RegExp(`^${said}`));
      expect(html.querySelector('input[name="annualCost"]')?.getAttribute('aria-invalid')).toBe('true');
      expect(html.querySelector('input[name="customers"]')?.hasAttribute('aria-invalid')).toBe(false);
      expect(await leadsFor(email)).toHaveLength(0);
    });

    it('reads 1,500 customers in English as fifteen hundred', async () => {
      const email = 'grouped@acme.test';
      const response = await post('/calculator', { ...calculator, customers: '1,500', email, form_stamp: stamp });
      expect(response.statusCode).toBe(303);
      expect(JSON.parse((await leadsFor(email))[0]!.metadata)).toMatchObject({ contact_count: 1500 });
    });

    it('sends its own page back with the spec’s message on each empty field, the boxes kept', async () => {
      const response = await post('/calculator/calculate', { ...calculator, customers: '', email: '' });
      expect(response.statusCode).toBe(400);
      const html = page(response.body);
      expect(html.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/calculator\/calculate$/);
      expect(html.querySelectorAll('[data-error-summary] a').map((link) => link.text)).toEqual([
        'Please fill all fields.',
        'Please fill all fields.',
      ]);
      expect(html.querySelector('input[name="annualCost"]')?.getAttribute('value')).toBe('50000');
      expect(html.querySelector('input[name="push"]')?.hasAttribute('checked')).toBe(true);
      expect(html.querySelector('input[name="automation"]')?.hasAttribute('checked')).toBe(false);
    });

    it('answers an outcome address it does not know with the plain page, never a 5xx', async () => {
      for (const query of ['form=constructor&reference=x', 'form=savings&reference=nope', 'form=savings']) {
        expect((await app.inject(`/sent?${query}`)).statusCode).toBe(200);
      }
    });
  });

  it.each([
    ['/fr/demo', 'demo', 'subscribers', 'Veuillez choisir le nombre de contacts.'],
    ['/fr/startup', 'startup', 'user_count', 'Veuillez choisir le nombre d’utilisateurs de votre application.'],
  ])('%s without script names its own empty count in French (issue 56)', async (path, name, field, said) => {
    const response = await post(path, { form_name: name, ...person, email: `${name}-count@acme.test`, [field]: '' });
    expect(response.statusCode).toBe(400);
    const summary = page(response.body).querySelector(`form[data-form="${name}"] [data-error-summary]`)!;
    expect(summary.querySelectorAll('a').map((link) => link.text)).toContain(said);
  });

  describe('the pages a personal link opens', () => {
    it('are sent as built, with an ETag and a 304, to a visit without a link’s token (D35)', async () => {
      for (const path of ['/newsletter/confirm', '/demo/booking', '/sent']) {
        const first = await app.inject(path);
        expect(first.statusCode).toBe(200);
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"/);
        expect((await app.inject(path)).body).toBe(first.body);
        expect((await app.inject({ url: path, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      }
    });

    it('writes the confirmation token into the form, not into any link, and keeps the page out of caches', async () => {
      const response = await app.inject({
        url: '/newsletter/confirm?token=abc.def',
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-encoding']).toBe('br');
      const html = page((await app.inject('/newsletter/confirm?token=abc.def')).body);
      const form = html.querySelector('form[data-form="confirm"]')!;
      expect(form.hasAttribute('hidden')).toBe(false);
      expect(form.querySelector('input[name="token"]')?.getAttribute('value')).toBe('abc.def');
      expect(html.querySelectorAll('a').some((link) => link.getAttribute('href')?.includes('abc.def'))).toBe(false);
      expect(html.querySelector('title')?.text).not.toMatch(/^Error/);
    });

    it('shows the preferences link’s address and carries its parts in the form', async () => {
      const html = page((await app.inject('/unsubscription/l.r.i.s/ada%40acme.test/c-1?hide_logo=1')).body);
      expect(html.querySelector('main strong')?.text).toBe('ada@acme.test');
      const form = html.querySelector('form[data-form="preferences"]')!;
      expect(form.hasAttribute('hidden')).toBe(false);
      expect(form.querySelector('input[name="tracking_id"]')?.getAttribute('value')).toBe('l.r.i.s');
      expect(form.querySelector('input[name="contact_id"]')?.getAttribute('value')).toBe('c-1');
      expect(html.querySelector('[data-testid="preferences-logo"]')?.hasAttribute('hidden')).toBe(true);
    });

    it('answers a forged preferences post with its page and a plain message, changing nothing', async () => {
      const response = await post('/unsubscription', {
        form_name: 'preferences',
        tracking_id: 'l.r.i.s',
        email: 'ada@acme.test',
        contact_id: 'c-1',
        scope: 'all',
      });
      expect(response.statusCode).toBe(403);
      expect(page(response.body).querySelector('[data-error-summary]')?.text).toContain('This link is not valid.');
    });

    it('answers the newsletter box’s problem on the newsletter’s own page, keeping the page it was sent from', async () => {
      const response = await post('/newsletter', { form_name: 'newsletter', email: 'nope', page: '/pricing' });
      expect(response.statusCode).toBe(400);
      const html = page(response.body);
      expect(html.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/newsletter$/);
      expect(html.querySelector('title')?.text).toMatch(/^Error: /);
      const box = html.querySelector('form[action="/newsletter"]');
      expect(box?.querySelector('input[name="email"]')?.getAttribute('value')).toBe('nope');
      expect(box?.querySelector('input[name="page"]')?.getAttribute('value')).toBe('/pricing');
      expect(box?.querySelector('[autofocus]')?.text).toContain('There is a problem');
    });
  });

  it('makes no second lead when the same post is sent again (a reload)', async () => {
    const fields = { ...enquiry, email: 'twice@acme.test', form_stamp: stamp };
    const first = await post('/contact', fields);
    const second = await post('/contact', fields);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await leadsFor('twice@acme.test')).toHaveLength(1);
  });

  it('sends the page back with every problem, each linked from the summary, and the typed values', async () => {
    const response = await post('/contact', {
      ...enquiry,
      fullname: '',
      email: 'not-an-address',
      body: 'Line one\n"quoted" <b>&amp;</b>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = page(response.body);
    expect(html.querySelector('title')?.text).toMatch(/^Error: /);
    const summary = html.querySelector('[data-error-summary]')!;
    expect(summary.hasAttribute('hidden')).toBe(false);
    expect(summary.querySelectorAll('a').map((link) => [link.getAttribute('href'), link.text])).toEqual([
      ['#contact-fullname', 'Full name is required.'],
      ['#contact-email', 'Invalid email address.'],
    ]);
    const email = html.querySelector('#contact-email')!;
    expect(email.getAttribute('value')).toBe('not-an-address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(html.querySelector(`#${email.getAttribute('aria-describedby')}`)?.text).toBe('Invalid email address.');
    expect(html.querySelector('#contact-body')?.text).toBe('Line one\n"quoted" <b>&amp;</b>');
    expect(html.querySelector('#contact-subject')?.getAttribute('value')).toBe('Agency pricing');
    expect(await leadsFor('not-an-address')).toHaveLength(0);
  });

  it.each([
    ['control characters', { ...enquiry, subject: 'Hi\u0007there' }, 400, 'Contains characters that are not allowed.'],
    ['a duplicate field', { ...enquiry, email: ['a@acme.test', 'b@acme.test'] }, 400, 'Each field may be sent once.'],
    ['a missing form name', { ...enquiry, form_name: '' }, 400, 'sent to the wrong address'],
    ['another form’s name', { ...enquiry, form_name: 'demo' }, 400, 'sent to the wrong address'],
  ])('answers %s with a 4xx page that keeps what it can', async (_name, fields, status, message) => {
    const response = await post('/contact', fields);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(page(response.body).querySelector('[data-error-summary]')?.text).toContain(message);
    expect(page(response.body).querySelector('#contact-fullname')?.getAttribute('value')).toBe('Ada Obi');
  });

  it('answers a body too large and a wrong content type with a 4xx page, never a 5xx', async () => {
    const large = await post('/contact', { ...enquiry, body: 'x'.repeat(20_000) });
    expect(large.statusCode).toBe(413);
    expect(page(large.body).querySelector('[data-error-summary]')?.text).toContain('too large');
    const json = await app.inject({ method: 'POST', url: '/contact', payload: enquiry });
    expect(json.statusCode).toBe(415);
    expect(page(json.body).querySelector('[data-error-summary]')?.text).toContain('not sent as a web form');
  });

  it('keeps what was typed when the visitor is told to wait (429)', async () => {
    const limited = await testApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const send = () =>
        limited.inject({
          method: 'POST',
          url: '/contact',
          payload: form({ ...enquiry, email: 'limit@acme.test' }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const answers = [await send(), await send(), await send()];
      const last = answers.at(-1)!;
      expect(last.statusCode).toBe(429);
      const html = page(last.body);
      expect(html.querySelector('[data-error-summary]')?.text).toContain('Too many requests');
      expect(html.querySelector('#contact-email')?.getAttribute('value')).toBe('limit@acme.test');
    } finally {
      await limited.close();
    }
  });
});
