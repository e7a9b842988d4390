import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite, viewports } from '@growmail/test-support/site';

/**
 * "Try it" on every operation page, with JavaScript off (the form posts, the server answers
 * with the page and the exchange) and on (the same exchange in place, with no page load). Each
 * sends the prefilled example, then a body with a mistake, and the page has no axe violation
 * in either state.
 */
const publicUrl = 'https://www.growmail.test';
const site = useSite({ PUBLIC_URL: publicUrl });
const [mobile, desktop] = viewports;

const operations = [
  ['/developers/reference/contacts', '/sandbox/v1/contacts'],
  ['/developers/reference/automations', '/sandbox/v1/automations'],
  ['/developers/reference/transactionals', '/sandbox/v1/transactionals'],
] as const;

for (const javaScript of [false, true]) {
  describe(`Try it with JavaScript ${javaScript ? 'on' : 'off'}`, () => {
    for (const [path, sandboxPath] of operations) {
      it(`sends ${path}'s example to the sandbox and shows the exchange, then a mistake`, async () => {
        const { page, context } = await site.openPage(javaScript ? desktop : mobile, { javaScript });
        await page.goto(`${site.url}${path}`);
        // A page load would drop this mark; an answer put in place keeps it.
        await page.evaluate(() => Object.assign(window, { notReloaded: true }));
        const body = page.getByRole('textbox', { name: 'Request body (JSON)' });
        expect(JSON.parse(await body.inputValue())).toBeTypeOf('object');
        const result = page.getByRole('region', { name: 'The sandbox answered' });
        expect(await result.isVisible()).toBe(false);

        await page.getByRole('button', { name: 'Send to the sandbox' }).click();
        await expect.poll(() => result.isVisible()).toBe(true);
        expect(await result.locator('#try-it-answer-status').textContent()).toBe('200 OK');
        const answer = JSON.parse((await result.locator('#try-it-answer-body').textContent())!);
        expect(answer).toMatchObject({ error: null, payload: { meta: { size: 1 } } });
        expect(answer.payload.data.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(await result.locator('#try-it-answer-request').textContent()).toContain(`POST ${sandboxPath} HTTP/1.1`);
        expect(await result.locator('#try-it-answer-headers').textContent()).toContain(
          'content-type: application/json',
        );
        expect(await result.locator('#try-it-answer-curl').textContent()).toContain(`--url ${publicUrl}${sandboxPath}`);
        expect(await page.evaluate(() => 'notReloaded' in window)).toBe(javaScript);
        expect(await axeViolations(page)).toEqual([]);

        await page.getByRole('textbox', { name: 'Request body (JSON)' }).fill('{"unknown_field": true}');
        await page.getByRole('button', { name: 'Send to the sandbox' }).click();
        await expect.poll(() => result.locator('#try-it-answer-status').textContent()).toBe('400 Bad Request');
        expect(await result.locator('#try-it-answer-body').textContent()).toContain('"payload": null');
        expect(await page.getByRole('textbox', { name: 'Request body (JSON)' }).inputValue()).toBe(
          '{"unknown_field": true}',
        );
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      });
    }
  });
}
