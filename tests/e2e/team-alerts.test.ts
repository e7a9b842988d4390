import type { Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { memberAlert } from '@growmail/contracts/team-alerts';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite } from '@growmail/test-support/site';
import { dataAccess } from '../../apps/server/src/repositories/index.ts';
import { searchKeys } from '../../apps/server/src/submissions/lead-search.ts';
import { openSession } from '../../apps/server/src/team/sessions.ts';

const vapid = {
  VAPID_PUBLIC_KEY: 'BG79Eerar3ms_jOCF_bhyBsxeqWdlzLL-pPDBpwCr-5d373F_ZKKHhj3NqB0WHCMATR6Sb7n1Lp22pBbYByLLOg',
  VAPID_PRIVATE_KEY: 'vVkmHWQWvJTzozuBmME00vMN2cxjWM0VpkM46wGLGOA',
};
// The browser, not the headless shell: the shell denies notifications without asking. On
// localhost, as the console's origin check wants PUBLIC_URL's own.
const site = useSite(vapid, { browser: 'full', localhost: true });
const phone = { name: 'mobile', width: 360, height: 800 } as const;

/** A sales member's session, and a lead for an alert to open. */
async function salesWithLead() {
  const data = dataAccess(site.app.db);
  const member = await data.team.upsertMember({
    email: `rep-${Math.random().toString(36).slice(2)}@growmail.test`,
    name: 'Chioma',
    zone: 'Africa/Lagos',
    role: 'sales',
  });
  const fields = { fullname: 'Kofi Mensah', subject: 'Pricing', body: 'Call me on +234 803 555 0101.' };
  const leadId = await data.leads.insert('enquiry', 'kofi@acme.test', fields, searchKeys(fields));
  return { data, member, leadId, session: await openSession(data, member.id, 'passkey') };
}

describe('alerts in the console', () => {
  it('registers the console’s own worker at /team/ beside the site’s at /, which shows an alert DevTools hands over and opens its lead', async () => {
    const { leadId, session } = await salesWithLead();
    const { context, page, problems } = await site.openPage(phone, { serviceWorkers: 'allow' });
    try {
      await context.grantPermissions(['notifications'], { origin: site.url });
      // The site's worker (D39) first, as a member who opened the site before the console has it.
      await page.goto(site.url);
      await expect
        .poll(
          () => page.evaluate(() => navigator.serviceWorker.getRegistration('/').then((found) => !!found?.active)),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);

      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/account`);
      const toggle = page.getByRole('switch', { name: 'Alerts on this device' });
      await expect.poll(() => toggle.isVisible()).toBe(true);
      expect(await toggle.isChecked()).toBe(false);
      expect(await axeViolations(page)).toEqual([]);

      // Headless Chromium has no push service to subscribe with: the switch registers the worker,
      // then says calmly that this browser could not, and that the mail goes on.
      await toggle.click();
      const status = page.locator('[data-alerts-status]');
      await expect
        .poll(() => status.textContent(), { timeout: 30_000 })
        .toContain('This browser could not turn alerts on');
      expect(await status.textContent()).toContain('New leads still reach the sales inbox by mail.');
      expect(await toggle.isChecked()).toBe(false);
      expect(await axeViolations(page)).toEqual([]);

      const registrations = () =>
        page.evaluate(async () =>
          (await navigator.serviceWorker.getRegistrations()).map((registration) => ({
            scope: registration.scope,
            script: registration.active?.scriptURL ?? '',
          })),
        );
      await expect.poll(async () => (await registrations()).length, { timeout: 30_000 }).toBe(2);
      expect((await registrations()).sort((a, b) => a.scope.localeCompare(b.scope))).toEqual([
        { scope: `${site.url}/`, script: `${site.url}/gm-service-worker.js` },
        { scope: `${site.url}/team/`, script: `${site.url}/team/alerts-worker.js` },
      ]);

      // A push as the push service would deliver it, through the DevTools protocol.
      const cdp = await context.newCDPSession(page);
      const versions = new Map<string, { registrationId: string; script: string; status: string }>();
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
        for (const version of updated)
          versions.set(version.versionId, {
            registrationId: version.registrationId,
            script: version.scriptURL,
            status: version.status,
          });
      });
      await cdp.send('ServiceWorker.enable');
      const consoleVersion = () =>
        [...versions.values()].find(
          (version) => version.script === `${site.url}/team/alerts-worker.js` && version.status === 'activated',
        );
      await expect.poll(consoleVersion, { timeout: 30_000 }).toBeDefined();
      const alert = memberAlert('new', { id: leadId, form: 'enquiry', name: 'Kofi Mensah' });
      const deliver = () =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin: site.url,
          registrationId: consoleVersion()!.registrationId,
          data: JSON.stringify(alert),
        });
      const shown = () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/team/');
          return (await registration!.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data as unknown,
          }));
        });
      const expected = [
        {
          title: 'New lead: Kofi Mensah',
          body: 'Enquiry',
          tag: `lead-${leadId}`,
          data: { url: `/team/leads/${leadId}` },
        },
      ];
      await deliver();
      // A push the browser could not start the worker for is dropped; a push service sends again,
      // and so does the test, once (the tag makes a second one replace the first).
      const first = await expect
        .poll(shown, { timeout: 10_000 })
        .toEqual(expected)
        .then(
          () => true,
          () => false,
        );
      if (!first) {
        await deliver();
        await expect.poll(shown).toEqual(expected);
      }
      // The site's worker got nothing: its registration shows no notification.
      expect(
        await page.evaluate(async () =>
          (await (await navigator.serviceWorker.getRegistration('/'))!.getNotifications()).map((n) => n.title),
        ),
      ).toEqual([]);

      // Headless Chromium cannot click a system notification, so the worker receives the
      // notificationclick event the browser would send, carrying the real notification.
      const isConsoles = (candidate: Worker) => candidate.url().endsWith('/team/alerts-worker.js');
      const worker =
        context.serviceWorkers().find(isConsoles) ??
        (await context.waitForEvent('serviceworker', { predicate: isConsoles }));
      await worker.evaluate(async () => {
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          dispatchEvent(event: Event): boolean;
          NotificationEvent: new (type: string, init: { notification: Notification | undefined }) => Event;
        };
        const [notification] = await scope.registration.getNotifications();
        const click = new scope.NotificationEvent('notificationclick', { notification });
        const handled: Promise<unknown>[] = [];
        Object.defineProperty(click, 'waitUntil', { value: (promise: Promise<unknown>) => handled.push(promise) });
        scope.dispatchEvent(click);
        await Promise.allSettled(handled);
      });
      await page.waitForURL(`${site.url}/team/leads/${leadId}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Kofi Mensah');
      // Not a marketing notification: no click was reported.
      expect(await site.app.push.actions()).toEqual([]);
      // The one error is Chromium's own, saying why the subscription failed (a test profile is incognito).
      expect(problems.console.filter((message) => !message.includes('Push API in incognito mode'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on an iPhone outside the Home Screen, where Safari has no web push, says to install the console and that the mail goes on', async () => {
    const { session } = await salesWithLead();
    const { context, page } = await site.openPage(phone, {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    try {
      // Safari in a tab has no PushManager; Chromium stands in for it without one.
      await page.addInitScript(() => delete (window as { PushManager?: unknown }).PushManager);
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/account`);
      await expect
        .poll(() => page.locator('[data-alerts-status]').textContent())
        .toBe(
          'On an iPhone or iPad, alerts come only to the console on the Home Screen: add it there from Safari’s Share menu, open it from its icon, and turn alerts on there. New leads still reach the sales inbox by mail.',
        );
      expect(await page.getByRole('switch').isVisible()).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('without JavaScript says the switch needs it, and turns a device off with a plain form', async () => {
    const { data, member, session } = await salesWithLead();
    await data.alerts.saveDevice(
      member.id,
      {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${member.id}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
      'Chrome on Android',
    );
    const { context, page } = await site.openPage(phone, { javaScript: false });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/account`);
      expect(await page.locator('[data-alerts-status]').textContent()).toBe(
        'Turning alerts on needs JavaScript in this browser. New leads still reach the sales inbox by mail.',
      );
      expect(await page.getByRole('switch').isVisible()).toBe(false);
      expect(await page.getByText('install the console from this page').isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Turn off alerts on Chrome on Android' }).click();
      await page.waitForURL(/\/team\/account\?done=alerts-off#notice$/);
      expect(await page.locator('#notice').textContent()).toBe('Alerts are off on that device.');
      expect(await data.alerts.devices(member.id)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
