import { describe, expect, it } from 'vitest';
import { francsFor } from '@growmail/contracts/content/prices';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite } from '@growmail/test-support/site';
import { dataAccess } from '../../apps/server/src/repositories/index.ts';
import { openSession } from '../../apps/server/src/team/sessions.ts';

const site = useSite({}, { localhost: true });
/** Issue 54's phone: 360×800. */
const phone = { name: 'mobile', width: 360, height: 800 } as const;

describe('changing a price from the console (D45, issue 55)', () => {
  it('lets an admin change a price with JavaScript off at 360 px, a franc price off the dollar’s refused by its field', async () => {
    const data = dataAccess(site.app.db);
    const member = await data.team.upsertMember({
      email: `prices-${Math.random().toString(36).slice(2)}@growmail.test`,
      name: 'Bola Ade',
      zone: 'Africa/Lagos',
      role: 'admin',
    });
    const session = await openSession(data, member.id, 'passkey');
    const { context, page, problems } = await site.openPage(phone, { javaScript: false });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/site`);
      await page.getByText('Prices of every module (admins only)', { exact: true }).click();
      await page.waitForURL(`${site.url}/team/site/prices`);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

      const dollars = page.locator('[id="all.0.pricing.0.monthlyPrice.USD"]');
      expect(await dollars.inputValue()).toBe('19');
      await dollars.fill('25');
      await page.getByRole('button', { name: 'Save the draft' }).first().click();
      await expect
        .poll(() => page.getByRole('alert').first().innerText())
        .toContain(`must be ${francsFor(25)}: the dollar price at 601.8 francs, rounded up to 500`);
      expect(await dollars.inputValue(), 'the value kept').toBe('25');
      expect(await axeViolations(page)).toEqual([]);

      for (const code of ['XOF', 'XAF'])
        await page.locator(`[id="all.0.pricing.0.monthlyPrice.${code}"]`).fill(String(francsFor(25)));
      await page.getByRole('button', { name: 'Save the draft' }).first().click();
      await page.waitForURL(`${site.url}/team/site/prices?done=saved#notice`);
      const draft = await site.app.contentDrafts.find('prices');
      expect(draft?.author).toMatchObject({ id: member.id, name: 'Bola Ade' });
      expect(problems.console).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
