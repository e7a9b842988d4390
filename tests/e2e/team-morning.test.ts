import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { fixturesRepository } from '@growmail/test-support/fixtures';
import { storedLead } from '@growmail/test-support/leads';
import { useSite } from '@growmail/test-support/site';
import { dataAccess } from '../../apps/server/src/repositories/index.ts';
import { openSession } from '../../apps/server/src/team/sessions.ts';

/**
 * A sales rep's morning (issue 54's "Done when"), on a phone with and without JavaScript: each step
 * counted in taps, page loads, and how far below the screen its furthest tap was (working a lead
 * needs at most one screen of scrolling). The counts are printed, and docs/operations.md keeps
 * them. With MORNING_SCREENSHOTS=<dir> each step's last screen is saved there.
 */
const site = useSite({}, { localhost: true });
const phone = { name: 'mobile', width: 360, height: 800 } as const;
const screenshots = process.env.MORNING_SCREENSHOTS;

const day = 86_400_000;
/** Lagos keeps UTC+1 all year: its midnight, as an instant, for the day `days` from today there. */
const lagosMidnight = (days: number) => Math.floor((Date.now() + 3_600_000) / day) * day - 3_600_000 + days * day;
/** A wall time in Lagos, `days` from today, at `hour`:00. */
const lagosAt = (days: number, hour: number) => new Date(lagosMidnight(days) + hour * 3_600_000);
const lagosDate = (days: number) => new Date(lagosMidnight(days) + 3_600_000).toISOString().slice(0, 10);

/** How a step went: taps, page loads, and the longest scroll a tap needed, in screens. */
type Step = { name: string; taps: number; loads: number; scroll: number };

/** Counts what the rep does: each tap on a control, each page the browser loads. */
function counted(page: Page) {
  let step: Step = { name: '', taps: 0, loads: 0, scroll: 0 };
  const steps: Step[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) step.loads++;
  });
  return {
    steps,
    begin(name: string) {
      step = { name, taps: 0, loads: 0, scroll: 0 };
      steps.push(step);
    },
    /** A tap, after measuring how far below the screen its target sits. */
    async tap(target: Locator) {
      const box = (await target.boundingBox())!;
      step.scroll = Math.max(step.scroll, Math.max(0, box.y + box.height - phone.height) / phone.height);
      step.taps++;
      await target.click();
    },
    async shot(name: string) {
      if (!screenshots) return;
      await mkdir(screenshots, { recursive: true });
      await page.screenshot({ path: `${screenshots}/team-morning-${name}.png` });
    },
  };
}

/** The morning's world: a rep who hosts demos, today's new leads, a held demo request, tomorrow's demo and Friday's. */
async function morning(run: number) {
  const data = dataAccess(site.app.db);
  const tag = `${run}${Math.random().toString(36).slice(2, 6)}`;
  const member = await data.team.upsertMember({
    email: `chioma-${tag}@growmail.test`,
    name: `Chioma ${tag}`,
    zone: 'Africa/Lagos',
    role: 'sales',
  });
  const hostId = `chioma-${tag}`;
  await data.demos.saveHost({ id: hostId, name: member.name, email: member.email, memberId: member.id });
  // Newest first: Funmilayo, Kofi, Wanjiru, a second apart, all after midnight in Lagos.
  const secondsAgo = (seconds: number) =>
    new Date(Math.max(Date.now() - seconds * 1000, lagosMidnight(0) + (10 - seconds) * 1000)).toISOString();
  const fixtures = fixturesRepository(site.app.db.kysely);
  const people = [
    ['Wanjiru Kamau', 'Nairobi Florists', 3],
    ['Kofi Mensah', 'Accra Schools', 2],
  ] as const;
  for (const [name, company, seconds] of people) {
    const id = await storedLead(data, 'enquiry', `${name.split(' ')[0]!.toLowerCase()}-${tag}@example.com`, {
      fullname: `${name} ${tag}`,
      company,
      subject: 'Moving from another platform',
      body: 'We send 40,000 messages a month.',
    });
    await fixtures.backdateLead(id, secondsAgo(seconds));
  }
  // Told on the phone as "0803 555 01 1x"; stored as the server stores any number, in E.164.
  const phoneNumber = `+23480355501${10 + run}`;
  const funmi = await storedLead(data, 'demo', `funmi-${tag}@example.com`, {
    type: 'demo',
    firstname: 'Funmilayo',
    lastname: `Adeyemi ${tag}`,
    company_name: 'Shop Lagos',
    email: `funmi-${tag}@example.com`,
    phone_number: phoneNumber,
    subscribers: '0:100K',
  });
  await fixtures.backdateLead(funmi, secondsAgo(1));
  // Friday at least two days on, a week later for the second run, so the two runs never meet.
  let friday = 2;
  while (new Date(lagosMidnight(friday) + 3_600_000).getUTCDay() !== 5) friday++;
  // The held request asks for the Monday after the first Friday, within /demo's 14 days.
  const asked = lagosAt(friday + 3, 11 + run);
  friday += 7 * run;
  const held = `Awa Diop ${tag}`;
  await site.app.quarantine.insert(
    'demo',
    `awa-${tag}@example.com`,
    {
      type: 'demo',
      firstname: 'Awa',
      lastname: `Diop ${tag}`,
      company_name: 'Teranga SA',
      email: `awa-${tag}@example.com`,
      phone_number: '+221 77 123 45 67',
      subscribers: '0:100K',
      demo_start: asked.toISOString(),
      demo_zone: 'Africa/Dakar',
    },
    ['honeypot'],
  );
  const book = (name: string, start: Date) =>
    data.demos.take({
      hostId,
      start,
      end: new Date(start.getTime() + 1_800_000),
      leadId: null,
      email: `${name.split(' ')[0]!.toLowerCase()}-${tag}@example.com`,
      name: `${name} ${tag}`,
      zone: 'Africa/Lagos',
    });
  const tomorrow = (await book('Tunde Bello', lagosAt(1, 10 + run)))!;
  await book('Ngozi Eze', lagosAt(friday, 10));
  const session = await openSession(data, member.id, 'passkey');
  return { tag, hostId, phoneNumber, held, tomorrow, friday, session };
}

describe.each([true, false])('a sales rep’s morning at 360×800, JavaScript %s', (javaScript) => {
  it('finds today’s leads, works one, finds one by phone, releases a held request, and runs the day’s demos', async () => {
    const world = await morning(javaScript ? 0 : 1);
    const { context, page } = await site.openPage(phone, { javaScript });
    const rep = counted(page);
    const noticeInView = async () => {
      const box = await page.locator('#notice').boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeLessThan(phone.height);
    };
    try {
      await context.addCookies([{ name: 'gm_team', value: world.session, url: site.url }]);

      rep.begin('Find today’s new leads');
      await page.goto(`${site.url}/team`);
      await rep.tap(page.getByRole('link', { name: /^New today/ }));
      await page.waitForURL(/view=new-today/);
      await rep.shot('1-new-today');
      const first = await page.locator('ol li').first().boundingBox();
      expect(first!.y + first!.height).toBeLessThanOrEqual(phone.height);
      expect(await page.locator('ol li').first().innerText()).toContain('Adeyemi');
      expect(await axeViolations(page)).toEqual([]);

      rep.begin('Open, assign to me, note, mark handled, next lead');
      await rep.tap(page.getByRole('link', { name: new RegExp(`Kofi Mensah ${world.tag}`) }));
      await page.waitForURL(/\/team\/leads\/[0-9a-f-]{36}\?view=new-today$/);
      expect(await page.getByLabel('Assign to').inputValue()).toBe('me');
      await rep.tap(page.getByRole('button', { name: 'Assign', exact: true }));
      await page.waitForURL(/done=assigned/);
      await noticeInView();
      await rep.tap(page.getByLabel('Add a note'));
      await page.keyboard.type('Called: they want a demo on Monday.');
      await rep.tap(page.getByRole('button', { name: 'Add note' }));
      await page.waitForURL(/done=noted/);
      await noticeInView();
      await rep.tap(page.getByRole('button', { name: 'Mark as handled' }));
      await page.waitForURL(/done=handled/);
      expect(await page.locator('#work-heading').innerText()).toMatch(/^Handled · Assigned to Chioma/);
      expect(await axeViolations(page)).toEqual([]);
      await rep.shot('2-lead-handled');
      await rep.tap(page.getByRole('link', { name: 'Next lead in this view' }));
      await page.waitForURL(/\?view=new-today$/);
      expect(await page.locator('h1').innerText()).toBe(`Wanjiru Kamau ${world.tag}`);

      rep.begin('Find a lead by the number they gave');
      await rep.tap(page.getByRole('link', { name: 'Back to the list' }));
      await rep.tap(page.locator('#search-q'));
      await page.keyboard.type(`0803 555 01${10 + (javaScript ? 0 : 1)}`);
      await rep.tap(page.getByRole('button', { name: 'Search', exact: true }));
      await page.waitForURL(/\/team\/leads\/search$/);
      await rep.tap(page.getByRole('link', { name: /Funmilayo Adeyemi/ }));
      await page.waitForURL(/\?list=search$/);
      expect(await page.locator('ul[aria-label="Reach them"] a').first().getAttribute('href')).toBe(
        `tel:${world.phoneNumber}`,
      );
      await rep.shot('3-found-by-phone');

      rep.begin('Release a held demo request and open its lead');
      await rep.tap(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Held as spam' }));
      await rep.tap(page.getByRole('checkbox', { name: new RegExp(world.held) }));
      await rep.tap(page.getByRole('button', { name: 'Release the ticked posts' }));
      await noticeInView();
      expect(await axeViolations(page)).toEqual([]);
      await rep.shot('4-released');
      await rep.tap(page.locator('#notice').getByRole('link'));
      await page.waitForURL(/\/team\/leads\/[0-9a-f-]{36}/);
      expect(await page.locator('h1').innerText()).toContain(world.held);

      rep.begin('See tomorrow’s demos');
      await rep.tap(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Demos' }));
      const tomorrow = page.locator('h3', { hasText: /^Tomorrow, / });
      expect(await tomorrow.count()).toBe(1);
      expect(await page.locator('#agenda-heading').locator('..').innerText()).toContain(`Tunde Bello ${world.tag}`);
      expect(await axeViolations(page)).toEqual([]);
      await rep.shot('5-demos');

      rep.begin('Move one, keeping the host');
      await rep.tap(page.getByRole('link', { name: `Move the demo with Tunde Bello ${world.tag}` }));
      const slot = page.locator('#move-slot');
      const options = await slot
        .locator('option')
        .evaluateAll((all) => all.map((option) => option.getAttribute('value')));
      const now = await slot.inputValue();
      await rep.tap(slot);
      await slot.selectOption(options[options.indexOf(now) + 1]!);
      await rep.tap(page.getByRole('button', { name: 'Move the demo' }));
      await noticeInView();
      const moved = await site.app.demos.booking(world.tomorrow);
      expect(moved).toMatchObject({ host_id: world.hostId, status: 'booked' });
      expect(moved!.starts_at).not.toBe(now);

      rep.begin('Take Friday off, seeing the demos it touches');
      await rep.tap(page.getByLabel('First day'));
      await page.getByLabel('First day').fill(lagosDate(world.friday));
      await rep.tap(page.getByLabel('Who'));
      await page.getByLabel('Who').selectOption(world.hostId);
      await rep.tap(page.getByRole('button', { name: 'Add the time off' }));
      await noticeInView();
      const touched = page
        .getByRole('list', { name: 'Demos booked in this time off' })
        .filter({ hasText: `Ngozi Eze ${world.tag}` });
      expect(await touched.count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await rep.shot('6-friday-off');
    } finally {
      await context.close();
    }
    console.log(
      `The morning, JavaScript ${javaScript ? 'on' : 'off'}:\n` +
        rep.steps
          .map(
            (step) =>
              `${step.name}: ${step.taps} taps, ${step.loads} page loads, scroll ${step.scroll.toFixed(2)} screen`,
          )
          .join('\n'),
    );
    const [find, work] = rep.steps;
    expect(find!.taps).toBeLessThanOrEqual(2);
    expect(work!.taps).toBeLessThanOrEqual(6);
    expect(work!.scroll).toBeLessThanOrEqual(1);
  });
});
