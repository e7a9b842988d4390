import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite } from '@growmail/test-support/site';
import { dataAccess } from '../../apps/server/src/repositories/index.ts';
import { openSession } from '../../apps/server/src/team/sessions.ts';

const site = useSite({}, { localhost: true });
/** Issue 54's phone: 360×800. */
const phone = { name: 'mobile', width: 360, height: 800 } as const;

/** A sales member's session. */
async function salesSession() {
  const data = dataAccess(site.app.db);
  const member = await data.team.upsertMember({
    email: `rep-${Math.random().toString(36).slice(2)}@growmail.test`,
    name: 'Wanjiru',
    zone: 'Africa/Nairobi',
    role: 'sales',
  });
  return openSession(data, member.id, 'passkey');
}

describe.each([true, false])('the weekly hours’ editor at 360×800, JavaScript %s', (javaScript) => {
  it('adds a lunch break by keyboard, picks a zone by its city, and saves with Enter', async () => {
    const data = dataAccess(site.app.db);
    await data.demos.replaceHours(
      'Africa/Lagos',
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '17:00' })),
    );
    const session = await salesSession();
    const { context, page } = await site.openPage(phone, { javaScript });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/demos`);
      expect(await page.locator('#hours-heading + p + ul').innerText()).toContain('Monday: 09:00–17:00');
      await page.getByRole('link', { name: 'Change the hours' }).click();
      await page.waitForURL(/\?edit=hours#hours-editor$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(phone.width);
      expect(await page.locator('#zone-list option[value="Africa/Nairobi"]').textContent()).toBe(
        'Nairobi · East Africa Time',
      );
      expect(await axeViolations(page)).toEqual([]);

      // By keyboard: Monday's "Add a range" brings the form back with a new range, in focus.
      await page.getByLabel('Until, Monday', { exact: true }).fill('12:00');
      await page.getByRole('button', { name: 'Add a range on Monday' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('hours-mon-1-from');
      expect(await page.getByLabel('Until, Monday, range 1').inputValue()).toBe('12:00');
      await page.keyboard.type('1300');
      expect(await page.getByLabel('From, Monday, range 2').inputValue()).toBe('13:00');
      // Tab goes through the time's own parts, then on to "Until".
      const focused = () => page.evaluate(() => document.activeElement?.id);
      for (let press = 0; press < 4 && (await focused()) === 'hours-mon-1-from'; press++)
        await page.keyboard.press('Tab');
      expect(await focused()).toBe('hours-mon-1-to');
      await page.keyboard.type('1700');
      expect(await page.getByLabel('Until, Monday, range 2').inputValue()).toBe('17:00');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(phone.width);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel('Time zone').fill('Nairobi');
      // Enter in a field saves: the form's first button is "Save the hours", not "Remove".
      await page.getByLabel('Until, Monday, range 2').press('Enter');
      await page.waitForURL(/\?done=hours#notice$/);
      expect(await page.getByRole('status').textContent()).toBe('Hours saved.');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('notice');
      const summary = await page.locator('#hours-heading + p + ul').innerText();
      expect(summary).toContain('Monday: 09:00–12:00 and 13:00–17:00');
      expect(summary).toContain('Tuesday: 09:00–17:00');
      expect(await page.locator('#hours-heading + p').innerText()).toContain('(Africa/Nairobi)');
      expect(await axeViolations(page)).toEqual([]);
      expect((await data.demos.hours()).filter((span) => span.weekday === 1)).toEqual([
        { weekday: 1, starts: '09:00', ends: '12:00', zone: 'Africa/Nairobi' },
        { weekday: 1, starts: '13:00', ends: '17:00', zone: 'Africa/Nairobi' },
      ]);
    } finally {
      await context.close();
    }
  });
});

describe.each([true, false])('demo hosts at 360×800, JavaScript %s', (javaScript) => {
  it('adds a member as a host from the list, and removes them only after a confirmation', async () => {
    const data = dataAccess(site.app.db);
    const name = `Chioma ${javaScript ? 'Eze' : 'Obi'}`;
    const chioma = await data.team.upsertMember({
      email: `${name.replace(' ', '.').toLowerCase()}@growmail.test`,
      name,
      zone: 'Africa/Lagos',
      role: 'sales',
    });
    const session = await salesSession();
    const { context, page } = await site.openPage(phone, { javaScript });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/demos`);
      await page.getByLabel('Add a host').selectOption(chioma.id);
      await page.getByRole('button', { name: 'Add the host' }).click();
      await page.waitForURL(/\?done=host#notice$/);
      expect(await page.getByRole('status').textContent()).toBe('Host saved.');
      const hostId = (await data.demos.hosts()).find((host) => host.member_id === chioma.id)!.id;

      await page.getByRole('button', { name: `Remove ${name} as a host…` }).click();
      await expect.poll(() => page.getByRole('heading', { name: `Remove ${name} as a demo host?` }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(phone.width);
      expect(await axeViolations(page)).toEqual([]);
      expect((await data.demos.hosts()).map((host) => host.id)).toContain(hostId);
      await page.getByRole('button', { name: `Remove ${name} as a host`, exact: true }).click();
      await page.waitForURL(/\?done=host-removed#notice$/);
      expect((await data.demos.hosts()).map((host) => host.id)).not.toContain(hostId);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
