import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { useSite, viewports } from '@growmail/test-support/site';

/**
 * A new developer's path from the docs home to a sandbox answer, as clicks a person makes: open
 * /developers, follow the reference's Contacts link, press "Send to the sandbox". The test holds
 * the number of steps; the time it took is printed for the notes, never asserted (a timed test
 * would fail on a busy machine, not on a slower path).
 */
const site = useSite({ PUBLIC_URL: 'https://www.growmail.test' });

it('reaches a sandbox answer from the docs home in three steps', async () => {
  const { page, context } = await site.openPage(viewports[1]);
  const steps: string[] = [];
  const started = performance.now();

  await page.goto(`${site.url}/developers`);
  steps.push('open /developers');
  await page.getByRole('main').getByRole('link', { name: 'Contacts', exact: true }).click();
  await page.waitForURL(`${site.url}/developers/reference/contacts`);
  steps.push('follow the Contacts link');
  await page.getByRole('button', { name: 'Send to the sandbox' }).click();
  steps.push('press Send to the sandbox');
  const status = page.getByRole('region', { name: 'The sandbox answered' }).locator('#try-it-answer-status');
  await expect.poll(() => status.textContent()).toBe('200 OK');

  const seconds = (performance.now() - started) / 1000;
  console.log(`First sandbox answer: ${steps.length} steps (${steps.join(', ')}) in ${seconds.toFixed(2)} s`);
  expect(steps).toHaveLength(3);
  await context.close();
});
