import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { publisherCheckout } from '@growmail/test-support/publisher';
import { useSite } from '@growmail/test-support/site';
import { finishPublish } from '../../apps/server/src/content/publish.ts';
import { onContentBranch } from '../../apps/server/src/publisher/git.ts';
import { runPublish } from '../../apps/server/src/publisher/publish.ts';
import { dataAccess } from '../../apps/server/src/repositories/index.ts';
import { substitutionsFor } from '../../apps/server/src/site/placeholders.ts';
import { openSession } from '../../apps/server/src/team/sessions.ts';

const site = useSite({}, { localhost: true });
/** Issue 54's phone: 360×800. */
const phone = { name: 'mobile', width: 360, height: 800 } as const;

describe('publishing the site’s words from the console (D45)', () => {
  let checkout: ReturnType<typeof publisherCheckout>;
  beforeAll(async () => {
    checkout = publisherCheckout();
    await onContentBranch(checkout.site);
  });
  afterAll(() => checkout?.remove());

  it('saves the home page’s lead in English and French with JavaScript off, publishes it, and every visitor then reads it', async () => {
    const data = dataAccess(site.app.db);
    const member = await data.team.upsertMember({
      email: 'nadia@growmail.test',
      name: 'Nadia Sow',
      zone: 'Africa/Dakar',
      role: 'editor',
    });
    const session = await openSession(data, member.id, 'passkey');
    const released = await site.app.inject('/');
    // As long as the leads they replace: the home pages sit at their document budgets (issue 41).
    const lead =
      'Win back one-time buyers as loyal customers. Campaigns, automations, transactional email, SMS and web push that reach people at the right time, and the analytics to see what works, in one platform.';
    const leadFr =
      'Faites de vos acheteurs d’un jour des clients fidèles. Campagnes, automatisations, emails transactionnels, SMS et notifications web au bon moment, avec l’analytique pour voir ce qui marche, sur une seule plateforme.';
    const { context, page, problems } = await site.openPage(phone, { javaScript: false });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/site/home`);
      await page.locator('textarea[name="en.heroLead"]').fill(lead);
      await page.locator('textarea[name="fr.heroLead"]').fill(leadFr);
      await page.getByRole('button', { name: 'Save the draft' }).first().click();
      await page.waitForURL(`${site.url}/team/site/home?done=saved#notice`);

      await page.goto(`${site.url}/team/site`);
      const publish = page.getByRole('region', { name: 'Publish' });
      expect(await publish.getByRole('checkbox', { name: 'Hero, steps, figures and closing' }).isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await publish.getByRole('button', { name: 'Publish' }).click();
      await page.waitForURL(`${site.url}/team/site?done=publish-requested#notice`);
      expect(await page.getByRole('status').innerText()).toContain('Publishing.');
      expect(await page.getByRole('region', { name: 'Latest publishes' }).innerText()).toContain(
        'Waiting to be built: home, by Nadia Sow',
      );

      // The publisher, as `npm run publisher` runs it, takes the publish: a real build, 30–60 s.
      const taken = (await data.contentPublishes.take(new Date()))!;
      const outcome = await runPublish(checkout.site, taken, substitutionsFor(site.app.config));
      expect(outcome).toMatchObject({ state: 'passed' });
      await finishPublish(data, taken, outcome);
      // The server would read the version within 15 s; here at once.
      await site.app.contentVersion.check();

      await page.goto(`${site.url}/team/site`);
      expect(await page.getByRole('region', { name: 'Latest publishes' }).innerText()).toContain(
        'Published: home, by Nadia Sow',
      );
      const row = page.locator('li', { has: page.getByText('Hero, steps, figures and closing', { exact: true }) });
      expect(await row.innerText()).toContain('English: Published');
      for (const [path, words] of [
        ['/', lead],
        ['/fr', leadFr],
      ] as const) {
        await page.goto(`${site.url}${path}`);
        expect(await page.locator('main').innerText()).toContain(words);
      }
      const now = await site.app.inject('/');
      expect(now.headers.etag, 'a new ETag').not.toBe(released.headers.etag);
      expect(problems.console).toEqual([]);
      const audit = await data.audit.list(5);
      expect(audit.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['content.publish-requested', 'content.published']),
      );
    } finally {
      await context.close();
    }
  });
});
