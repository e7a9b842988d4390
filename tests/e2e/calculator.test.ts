import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { gotoSettled, nextFrames } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

type Inputs = { customers: string; cost: string; email: string; services: string[] };

async function fill(page: Page, inputs: Inputs) {
  await page.getByLabel('Number of customers').fill(inputs.customers);
  await page.getByLabel('Current annual cost (USD)').fill(inputs.cost);
  await page.getByLabel('Email Address', { exact: true }).fill(inputs.email);
  for (const name of ['Campaign Mailing', 'Marketing Automations', 'Transactional Emails', 'Mobile Push Messaging']) {
    await page.getByRole('checkbox', { name }).setChecked(inputs.services.includes(name));
  }
  await page.getByRole('button', { name: 'Estimate your savings' }).click();
}

/** The stored savings leads for an address, read from the server's database rather than the page. */
async function storedLeads(email: string) {
  const rows = (await site.app.leads.list({ type: 'savings' })).filter((row) => row.email === email);
  return rows.map((row) => JSON.parse(row.metadata));
}

const allServices = ['Campaign Mailing', 'Marketing Automations', 'Transactional Emails', 'Mobile Push Messaging'];

describe.each(viewports)('the savings calculator at $name size', (viewport) => {
  const email = (name: string) => `${name}-${viewport.name}@example.com`;
  const formAlert = (page: Page) => page.getByRole('form', { name: 'Savings calculator' }).getByRole('alert');

  it.each(['/calculator/calculate', '/calculator'])(
    "on %s, says 'Please fill all fields.' for empty or zero fields, then estimates",
    async (path) => {
      const { page, context, problems } = await site.openPage(viewport);
      page.on('dialog', (dialog) => {
        problems.console.push(`unexpected dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await gotoSettled(page, `${site.url}${path}`);

      await page.getByRole('button', { name: 'Estimate your savings' }).click();
      const alert = formAlert(page).filter({ hasText: 'Please fill all fields.' });
      const zero = email(`zero${path.replaceAll('/', '-')}`);
      await expect.poll(() => alert.isVisible()).toBe(true);
      const customers = page.getByLabel('Number of customers');
      expect(await customers.getAttribute('aria-invalid')).toBe('true');
      expect(await customers.evaluate((input) => input === document.activeElement)).toBe(true);
      const describedBy = await customers.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Please fill all fields.');
      expect(await axeViolations(page)).toEqual([]);

      await fill(page, { customers: '0', cost: '5000', email: zero, services: allServices });
      await expect.poll(() => alert.isVisible()).toBe(true);
      expect(await page.getByTestId('calculator-result').count()).toBe(0);
      expect(await storedLeads(zero)).toEqual([]);

      await fill(page, { customers: '2,000', cost: '5000', email: zero, services: allServices });
      // 23.5 × 12 × 2,000 ÷ 1500 = 376
      await expect.poll(() => page.getByTestId('savings').textContent()).toBe('$4,624.00');
      expect(problems).toEqual({ console: [], failed: [] });
      await context.close();
    },
  );

  it('gives the right figure for several inputs, both messages, and a way back to edit', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/calculator/calculate`);
    const result = page.getByTestId('calculator-result');

    // 23.5 × 12 × 10,000 ÷ 1500 = 1,880 → 12,000 − 1,880
    await fill(page, { customers: '10000', cost: '12000', email: email('one'), services: allServices });
    await expect.poll(() => page.getByTestId('savings').textContent()).toBe('$10,120.00');
    expect(await result.getByRole('heading', { name: 'You could save' }).isVisible()).toBe(true);
    // The four benefits; the savings picture's rows are a list of their own, after them.
    expect(await result.getByRole('list').first().getByRole('listitem').count()).toBe(4);
    expect(
      await page.getByRole('heading', { name: 'You could save' }).evaluate((h) => h === document.activeElement),
    ).toBe(true);
    const demo = await result.getByRole('link', { name: 'Book a 30-minute Demo' }).getAttribute('href');
    expect(new URL(demo!).pathname).toBe('/demo');
    expect(await axeViolations(page)).toEqual([]);

    await result.getByRole('button', { name: 'Edit your answers' }).click();
    expect(await page.getByLabel('Number of customers').inputValue()).toBe('10000');
    expect(await page.getByRole('checkbox', { name: 'Mobile Push Messaging' }).isChecked()).toBe(true);
    expect(
      await page.getByRole('button', { name: 'Estimate your savings' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);

    // (5 + 10) × 12 × 1,234 ÷ 1500 = 148.08 → 250.50 − 148.08
    await fill(page, {
      customers: '1234',
      cost: '$250.50',
      email: email('two'),
      services: ['Campaign Mailing', 'Transactional Emails'],
    });
    await expect.poll(() => page.getByTestId('savings').textContent()).toBe('$102.42');

    // 5 × 12 × 1,000 ÷ 1500 = 40 → 140 − 40 = 100: not above 100, so already cost efficient.
    await result.getByRole('button', { name: 'Edit your answers' }).click();
    await fill(page, { customers: '1000', cost: '140', email: email('three'), services: ['Campaign Mailing'] });
    const efficient = result.getByText('Your current setup is already cost efficient.');
    await expect.poll(() => efficient.isVisible()).toBe(true);
    expect(await page.getByTestId('savings').count()).toBe(0);
    expect(await result.getByRole('link', { name: 'Book a 30-minute Demo' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Growmail would cost more (188,000 a year): savings floor at 0.
    await result.getByRole('button', { name: 'Edit your answers' }).click();
    await fill(page, { customers: '1000000', cost: '50000', email: email('four'), services: allServices });
    await expect.poll(() => efficient.isVisible()).toBe(true);

    await expect.poll(() => storedLeads(email('one'))).toHaveLength(1);
    expect(await storedLeads(email('one'))).toEqual([
      {
        email: email('one'),
        type: 'savings',
        contact_count: 10_000,
        current_cost: 12_000,
        savings: 10_120,
        services: { campaign: true, automation: true, transactional: true, push: true },
      },
    ]);
    await expect.poll(() => storedLeads(email('two'))).toHaveLength(1);
    expect((await storedLeads(email('two')))[0]).toMatchObject({
      contact_count: 1234,
      current_cost: 250.5,
      savings: 102.42,
      services: { campaign: true, automation: false, transactional: true, push: false },
    });
    await expect.poll(() => storedLeads(email('three'))).toHaveLength(1);
    await expect.poll(() => storedLeads(email('four'))).toHaveLength(1);
    expect((await storedLeads(email('four')))[0]).toMatchObject({ savings: 0 });
    expect(problems).toEqual({ console: [], failed: [] });
    await context.close();
  });

  it('names a bad number or address in the alert and marks the field', async () => {
    const { page, context } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/calculator`);
    await fill(page, { customers: '-20', cost: '1000', email: email('bad'), services: [] });
    const alert = formAlert(page);
    await expect
      .poll(() => alert.textContent())
      .toBe('Number of customers must be a whole number from 1 to 1,000,000,000.');
    expect(await page.getByLabel('Number of customers').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Current annual cost (USD)').getAttribute('aria-invalid')).toBeNull();

    await fill(page, { customers: '20', cost: '1000', email: 'not-an-address', services: [] });
    await expect.poll(() => alert.textContent()).toBe('Invalid email address.');
    expect(await page.getByLabel('Email Address', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    // Correcting the field clears its mark.
    await page.getByLabel('Email Address', { exact: true }).fill('fixed@example.com');
    expect(await page.getByLabel('Email Address', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });

  it('shows the result even when the lead cannot be sent', async () => {
    const { page, context } = await site.openPage(viewport);
    let attempts = 0;
    await context.route('**/services/sales/leads', (route) => {
      attempts += 1;
      return route.abort('connectionrefused');
    });
    await gotoSettled(page, `${site.url}/calculator/calculate`);
    await fill(page, { customers: '3000', cost: '9000', email: email('offline'), services: ['Campaign Mailing'] });
    // 5 × 12 × 3,000 ÷ 1500 = 120
    await expect.poll(() => page.getByTestId('savings').textContent()).toBe('$8,880.00');
    await expect.poll(() => attempts, { timeout: 10_000 }).toBe(3);
    expect(await storedLeads(email('offline'))).toEqual([]);
    await context.close();
  });
});

/** What a visitor reads and presses on the bare calculator (D7) in each language. */
const inWords = {
  en: {
    path: '/calculator/calculate',
    customers: 'Number of customers',
    cost: 'Current annual cost (USD)',
    email: 'Email Address',
    services: ['Campaign Mailing', 'Marketing Automations', 'Transactional Emails', 'Mobile Push Messaging'],
    estimate: 'Estimate your savings',
    edit: 'Edit your answers',
    picture: 'Your yearly cost, today and with Growmail',
  },
  fr: {
    path: '/fr/calculator/calculate',
    customers: 'Nombre de clients',
    cost: 'Coût annuel actuel, en dollars US',
    email: 'Adresse email',
    services: ['Campagnes email', 'Automatisation marketing', 'Emails transactionnels', 'Notifications push mobiles'],
    estimate: 'Estimer mes économies',
    edit: 'Modifier mes réponses',
    picture: 'Votre coût annuel, aujourd’hui et avec Growmail',
  },
} as const;

/** The figures each case shows: 10,000 customers paying $12,000 with every service, and 1,000 paying $140 for campaigns. */
const expected = {
  en: {
    saving: ['Today $12,000.00', 'With Growmail $1,880.00', 'You save $10,120.00'],
    sentence: 'You can save up to $10,120.00 every year by moving your messaging to Growmail.',
    efficient: ['Today $140.00', 'With Growmail $40.00'],
    efficientSentence: /^Your current setup is already cost efficient\./,
  },
  fr: {
    saving: [
      'Aujourd’hui 12\u202f000,00\u00a0dollars US',
      'Avec Growmail 1\u202f880,00\u00a0dollars US',
      'Vous économisez 10\u202f120,00\u00a0dollars US',
    ],
    sentence:
      'Vous pouvez économiser jusqu’à 10\u202f120,00\u00a0dollars US chaque année en confiant vos messages à Growmail.',
    efficient: ['Aujourd’hui 140,00\u00a0dollars US', 'Avec Growmail 40,00\u00a0dollars US'],
    efficientSentence: /^Vos coûts actuels sont déjà bien maîtrisés\./,
  },
};

/** The amount a picture's row or a sentence names, as written. */
const amountIn = (text: string) => /(\$[\d,.]+|[\d\u202f]+,\d\d\u00a0dollars US)/.exec(text)?.[1];

// At a phone's width, where the picture is narrowest; the desktop's result is the same markup.
describe.each(viewports.filter(({ name }) => name === 'mobile'))(
  'the savings picture at $name size (issue 40)',
  (viewport) => {
    describe.each([
      { language: 'en', javaScript: true },
      { language: 'en', javaScript: false },
      { language: 'fr', javaScript: true },
      { language: 'fr', javaScript: false },
    ] as const)('in $language, JavaScript on: $javaScript', ({ language, javaScript }) => {
      const words = inWords[language];
      const email = (name: string) => `picture-${name}-${language}-${javaScript}-${viewport.name}@example.com`;

      /** Fills the calculator and asks for the estimate: in the island, or as a native post to the outcome page. */
      async function estimate(
        page: Page,
        inputs: { customers: string; cost: string; email: string; services: number },
      ) {
        await page.getByLabel(words.customers, { exact: true }).fill(inputs.customers);
        await page.getByLabel(words.cost, { exact: true }).fill(inputs.cost);
        await page.getByLabel(words.email, { exact: true }).fill(inputs.email);
        for (const [index, name] of words.services.entries()) {
          await page.getByRole('checkbox', { name }).setChecked(index < inputs.services);
        }
        await page.getByRole('button', { name: words.estimate }).click();
        if (!javaScript) await page.waitForURL(/\/sent\?/);
      }

      /** The picture's rows, and the sentence beside it: the island's result, or the outcome page's message. */
      async function result(page: Page) {
        const figure = page.getByRole('figure', { name: words.picture });
        await expect.poll(() => figure.isVisible()).toBe(true);
        const rows = (await figure.getByRole('listitem').allTextContents()).map((row) => row.trim());
        const sentence = javaScript
          ? await page.getByTestId('calculator-result').locator('p').first().textContent()
          : await page.locator('main [role="status"]').textContent();
        // Said once: the picture is no part of a live region.
        const live = await figure.evaluate((element) =>
          element.closest('[role="status"], [role="alert"], [aria-live]'),
        );
        return { rows, sentence: sentence?.trim() ?? '', live };
      }

      it('appears with the result, its saving the sentence’s, and with two costs and no saving when already cost efficient', async () => {
        const { page, context, problems } = await site.openPage(viewport, { javaScript });
        page.setDefaultTimeout(15_000);
        await (javaScript ? gotoSettled(page, `${site.url}${words.path}`) : page.goto(`${site.url}${words.path}`));

        await estimate(page, { customers: '10000', cost: '12000', email: email('saving'), services: 4 });
        const saving = await result(page);
        expect(saving.rows).toEqual(expected[language].saving);
        expect(saving.live).toBeNull();
        if (javaScript) {
          const said = await page.getByTestId('savings').textContent();
          expect(saving.sentence).toContain(said);
          expect(amountIn(saving.rows[2]!)).toBe(said);
          // Drawn with the result, from figures it already holds: nothing moves it once it is there.
          const figure = page.getByRole('figure', { name: words.picture });
          const before = await figure.boundingBox();
          await nextFrames(page, 4);
          expect(await figure.boundingBox()).toEqual(before);
        } else {
          expect(saving.sentence).toBe(expected[language].sentence);
          expect(amountIn(saving.rows[2]!)).toBe(amountIn(saving.sentence));
        }
        expect(await axeViolations(page)).toEqual([]);

        // 5 × 12 × 1,000 ÷ 1500 = 40 → 140 − 40 = 100: not above 100, so already cost efficient.
        if (javaScript) await page.getByRole('button', { name: words.edit }).click();
        else await page.goto(`${site.url}${words.path}`);
        await estimate(page, { customers: '1000', cost: '140', email: email('efficient'), services: 1 });
        const efficient = await result(page);
        expect(efficient.rows).toEqual(expected[language].efficient);
        expect(efficient.sentence).toMatch(expected[language].efficientSentence);
        expect(efficient.live).toBeNull();
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual({ console: [], failed: [] });
        await context.close();
      });
    });
  },
);

/** A cost with cents as each language writes it, and an entry that could mean two numbers (issue 56). */
const written = {
  en: {
    path: '/calculator',
    customers: '10,000',
    cost: '12,000.50',
    rows: ['Today $12,000.50', 'With Growmail $1,880.00', 'You save $10,120.50'],
    twoWays: '12.000',
    askAgain: /^A number like 1\.500 can be read two ways/,
  },
  fr: {
    path: '/fr/calculator',
    customers: '10 000',
    cost: '12\u00a0000,50',
    rows: [
      'Aujourd’hui 12\u202f000,50\u00a0dollars US',
      'Avec Growmail 1\u202f880,00\u00a0dollars US',
      'Vous économisez 10\u202f120,50\u00a0dollars US',
    ],
    twoWays: '12,000',
    askAgain: /^Un nombre comme 1,500 ou 1\.500 peut se lire de deux façons/,
  },
} as const;

describe.each(viewports.filter(({ name }) => name === 'mobile'))('numbers as written at $name size', (viewport) => {
  describe.each([
    { language: 'en', javaScript: true },
    { language: 'en', javaScript: false },
    { language: 'fr', javaScript: true },
    { language: 'fr', javaScript: false },
  ] as const)('in $language, JavaScript on: $javaScript', ({ language, javaScript }) => {
    const words = inWords[language];
    const typed = written[language];

    // The page's own form, not the footer's newsletter box.
    async function estimate(page: Page, inputs: { customers: string; cost: string; email: string }) {
      const main = page.getByRole('main');
      await main.getByLabel(words.customers, { exact: true }).fill(inputs.customers);
      await main.getByLabel(words.cost, { exact: true }).fill(inputs.cost);
      await main.getByLabel(words.email, { exact: true }).fill(inputs.email);
      for (const name of words.services) await main.getByRole('checkbox', { name }).setChecked(true);
      await main.getByRole('button', { name: words.estimate }).click();
    }

    it('reads the decimal sign of the page’s language, and asks again for a number that reads two ways', async () => {
      const { page, context, problems } = await site.openPage(viewport, { javaScript });
      page.setDefaultTimeout(15_000);
      const open = () =>
        javaScript ? gotoSettled(page, `${site.url}${typed.path}`) : page.goto(`${site.url}${typed.path}`);
      const email = (name: string) => `written-${name}-${language}-${javaScript}@example.com`;

      await open();
      await estimate(page, { customers: typed.twoWays, cost: typed.twoWays, email: email('two-ways') });
      await expect.poll(() => page.getByText(typed.askAgain).first().isVisible()).toBe(true);
      expect(await page.getByLabel(words.cost, { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel(words.customers, { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('figure', { name: words.picture }).count()).toBe(0);

      await open();
      await estimate(page, { customers: typed.customers, cost: typed.cost, email: email('cents') });
      if (!javaScript) await page.waitForURL(/\/sent\?/);
      const figure = page.getByRole('figure', { name: words.picture });
      await expect.poll(() => figure.isVisible()).toBe(true);
      expect((await figure.getByRole('listitem').allTextContents()).map((row) => row.trim())).toEqual(typed.rows);
      await expect
        .poll(() => storedLeads(email('cents')))
        .toEqual([expect.objectContaining({ contact_count: 10_000, current_cost: 12_000.5, savings: 10_120.5 })]);
      expect(await storedLeads(email('two-ways'))).toEqual([]);
      // Without script the form comes back with its problem, as a 400.
      expect(problems).toEqual({ console: [], failed: javaScript ? [] : [`400 ${site.url}${typed.path}`] });
      await context.close();
    });
  });
});
