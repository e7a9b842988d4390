import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite } from '@growmail/test-support/site';
import { dataAccess } from '../../apps/server/src/repositories/index.ts';
import { openSession } from '../../apps/server/src/team/sessions.ts';
import { storedLead } from '@growmail/test-support/leads';

const site = useSite({}, { localhost: true });
/** Issue 54's phone: 360×800. */
const phone = { name: 'mobile', width: 360, height: 800 } as const;

/** A sales member's session, with leads in the inbox, some nobody has. */
async function salesSession() {
  const data = dataAccess(site.app.db);
  const member = await data.team.upsertMember({
    email: `rep-${Math.random().toString(36).slice(2)}@growmail.test`,
    name: 'Chioma',
    zone: 'Africa/Lagos',
    role: 'sales',
  });
  for (const name of ['Kofi Mensah', 'Wanjiru Kamau', 'Awa Diop'])
    await storedLead(data, 'enquiry', `${name.split(' ')[0]!.toLowerCase()}@acme.test`, {
      fullname: name,
      subject: 'Pricing for schools',
      body: 'We send 40,000 messages a month and want to move.',
    });
  return openSession(data, member.id, 'passkey');
}

describe.each([true, false])('the inbox at 360×800, JavaScript %s', (javaScript) => {
  it('shows the first lead on the first screen, the filters folded, and keeps the view to the next lead', async () => {
    const session = await salesSession();
    const { context, page } = await site.openPage(phone, { javaScript });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/leads`);
      expect(await page.locator('nav[aria-label="Views"] [aria-current="page"]').innerText()).toMatch(/^Unassigned/);
      const first = await page.locator('ol li').first().boundingBox();
      expect(first!.y + first!.height).toBeLessThanOrEqual(phone.height);
      expect(await page.locator('details').getAttribute('open')).toBeNull();
      expect(await axeViolations(page)).toEqual([]);

      await page.locator('ol li a').first().click();
      await page.waitForURL(/\/team\/leads\/[0-9a-f-]{36}\?view=unassigned$/);
      // On a phone what sales does comes first: the assign form above what they sent.
      const assign = await page.locator('form[action*="/assign"]').boundingBox();
      expect(assign!.y).toBeLessThan(phone.height);
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('#note').fill('Called, they want a demo.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.waitForURL(/done=noted&view=unassigned#notice$/);
      const notice = await page.locator('#notice').boundingBox();
      expect(notice!.y).toBeGreaterThanOrEqual(0);
      expect(notice!.y).toBeLessThan(phone.height);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Next lead in this view' }).click();
      await page.waitForURL(/\?view=unassigned$/);
      await page.getByRole('link', { name: 'Back to the list' }).click();
      await page.waitForURL(/\/team\/leads\?view=unassigned$/);
      await page.goto(`${site.url}/team/leads?view=all&status=new`);
      expect(await page.locator('details').getAttribute('open')).not.toBeNull();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
