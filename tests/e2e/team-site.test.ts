import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite } from '@growmail/test-support/site';
import { dataAccess } from '../../apps/server/src/repositories/index.ts';
import { openSession } from '../../apps/server/src/team/sessions.ts';

const site = useSite({}, { localhost: true });
/** Issue 54's phone: 360×800. */
const phone = { name: 'mobile', width: 360, height: 800 } as const;
const laptop = { name: 'desktop', width: 1280, height: 800 } as const;

/** An editor's session (D45). */
async function editorSession() {
  const data = dataAccess(site.app.db);
  const member = await data.team.upsertMember({
    email: `writer-${Math.random().toString(36).slice(2)}@growmail.test`,
    name: 'Nadia Sow',
    zone: 'Africa/Dakar',
    role: 'editor',
  });
  return { member, session: await openSession(data, member.id, 'passkey') };
}

describe('editing the site’s words from the console (D45)', () => {
  it('edits a product page’s hero with JavaScript off at 360 px: a problem by its field, a list’s button, then a draft', async () => {
    const { member, session } = await editorSession();
    const { context, page, problems } = await site.openPage(phone, { javaScript: false });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team`);
      await page.waitForURL(`${site.url}/team/site`);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByText('Broadcast Messaging', { exact: true }).click();
      await page.waitForURL(`${site.url}/team/site/products.campaign`);
      expect(await axeViolations(page)).toEqual([]);
      // One column on a phone: French under English, and nothing wider than the screen.
      const [english, french] = await page.locator('form div[lang]').all();
      expect((await french!.boundingBox())!.y).toBeGreaterThan((await english!.boundingBox())!.y);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

      const english0 = page.locator('div[lang="en"]');
      const french0 = page.locator('div[lang="fr"]');
      await english0.getByLabel('Lead', { exact: true }).fill('Campaigns your customers open, read and act on.');
      await french0.getByLabel('Lead', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Save the draft' }).first().click();
      await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('French › Hero › Lead');
      expect(await english0.getByLabel('Lead', { exact: true }).inputValue()).toBe(
        'Campaigns your customers open, read and act on.',
      );
      expect(await axeViolations(page)).toEqual([]);

      // A list's button posts the form and saves nothing: a benefit added to the first block.
      const add = english0.getByRole('button', { name: 'Add to benefits' }).first();
      const benefits = add.locator('xpath=ancestor::fieldset[1]');
      const before = await benefits.locator('input').count();
      await french0.getByLabel('Lead', { exact: true }).fill('Des campagnes que vos clients ouvrent et lisent.');
      await add.click();
      await expect.poll(() => benefits.locator('input').count()).toBe(before + 1);
      await benefits.locator('input').last().fill('Send-time optimisation per contact');
      expect(await site.app.contentDrafts.find('products.campaign')).toBeUndefined();

      await page.getByRole('button', { name: 'Save the draft' }).first().click();
      await page.waitForURL(`${site.url}/team/site/products.campaign?done=saved#notice`);
      expect(await page.getByRole('status').innerText()).toContain('Draft saved.');
      expect(await axeViolations(page)).toEqual([]);
      const draft = await site.app.contentDrafts.find('products.campaign');
      expect(draft).toMatchObject({ author: { id: member.id, name: 'Nadia Sow' }, revision: 1 });
      expect(draft!.values.en).toMatchObject({
        hero: { lead: 'Campaigns your customers open, read and act on.' },
        blocks: [{ benefits: expect.arrayContaining(['Send-time optimisation per contact']) }, {}, {}, {}],
      });

      await page.goto(`${site.url}/team/site`);
      const row = page.locator('li', { has: page.getByText('Broadcast Messaging', { exact: true }) });
      expect(await row.innerText()).toContain('French: Draft by Nadia Sow since');
      expect(problems.console).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sets English and French side by side on a laptop', async () => {
    const { session } = await editorSession();
    const { context, page } = await site.openPage(laptop, { javaScript: false });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/site/home`);
      const english = (await page.locator('div[lang="en"]').boundingBox())!;
      const french = (await page.locator('div[lang="fr"]').boundingBox())!;
      expect(french.y).toBe(english.y);
      expect(french.x).toBeGreaterThan(english.x + english.width - 1);
    } finally {
      await context.close();
    }
  });
});
