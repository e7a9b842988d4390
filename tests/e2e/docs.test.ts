import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { axeViolations } from '@growmail/test-support/axe';
import { gotoSettled } from '@growmail/test-support/settle';
import { testAppUrl, useSite, viewports } from '@growmail/test-support/site';

const publicUrl = 'https://www.growmail.test';
const site = useSite({ PUBLIC_URL: publicUrl });

const [mobile, desktop] = viewports;
const docsPages = [
  ['/developers', 'Growmail developer docs'],
  ['/developers/guides/webpush', 'Web Push Notifications'],
  ['/developers/reference/get-started', 'Get started with the Growmail API'],
  ['/developers/reference/automations', 'Automations'],
  ['/developers/reference/contacts', 'Contacts'],
  ['/developers/reference/transactionals', 'Transactional emails'],
] as const;

describe('the docs header and navigation', () => {
  it('links the logo to /developers and Log In and Sign Up to the app', async () => {
    const { page, context } = await site.openPage(desktop);
    await page.goto(`${site.url}/developers/reference/contacts`);
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: /Growmail/ }).getAttribute('href')).toBe('/developers');
    expect(await header.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe(`${testAppUrl}/login`);
    await expect
      .poll(() => header.getByRole('link', { name: 'Sign Up' }).getAttribute('href'))
      .toBe(`${testAppUrl}/register?location=developers-header`);
    await context.close();
  });

  it('opens the group the URL is in, and the others open on demand by keyboard', async () => {
    const { page, context } = await site.openPage(desktop);
    await page.goto(`${site.url}/developers/reference/contacts`);
    const nav = page.getByRole('navigation', { name: 'Documentation' });
    const current = nav.getByRole('link', { name: 'Contacts' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await current.isVisible()).toBe(true);
    const webPush = nav.getByRole('link', { name: 'Web Push Notifications' });
    expect(await webPush.isVisible()).toBe(false);

    // The wide-screen tree; the small-screen copy sits hidden behind the menu button.
    await nav.locator('summary:visible', { hasText: 'Guides' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => webPush.isVisible()).toBe(true);
    await webPush.click();
    await page.waitForURL(`${site.url}/developers/guides/webpush`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Web Push Notifications');
    await expect
      .poll(() =>
        page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Automations' }).isVisible(),
      )
      .toBe(false);
    await context.close();
  });

  it('keeps the tree behind a menu button on small screens', async () => {
    const { page, context } = await site.openPage(mobile);
    await page.goto(`${site.url}/developers/reference/get-started`);
    const nav = page.getByRole('navigation', { name: 'Documentation' });
    const link = nav.getByRole('link', { name: 'Transactional emails' });
    expect(await link.isVisible()).toBe(false);
    await nav.getByText('Docs menu').click();
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await link.click();
    await page.waitForURL(`${site.url}/developers/reference/transactionals`);
    await context.close();
  });

  it.each([
    ['/developers/reference/contacts/create', 'Contacts'],
    ['/developers/guides/webpush/setup', 'Web Push Notifications'],
    ['/developers/something-else', 'Get started with the Growmail API'],
    ['/developers/reference/unknown', 'Get started with the Growmail API'],
  ])('shows %s as the %s page', async (path, title) => {
    const response = await site.app.inject(path);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<h1 class="text-3xl font-bold tracking-tight text-ink-900 lg:text-4xl">${title}</h1>`,
    );
  });
});

describe('the API reference', () => {
  it('shows the endpoint, fields, examples and responses from the OpenAPI document, highlighted at build', async () => {
    const html = (await site.app.inject('/developers/reference/transactionals')).body;
    expect(html).toContain('https://api.growmail.io/v1/transactionals');
    expect(html).toContain('attachments[].contentType');
    expect(html).toContain('application/pdf');
    // Shiki's output: coloured spans in the HTML, so the browser needs no highlighter.
    expect(html).toMatch(
      /<pre class="shiki github-light-high-contrast"[^>]*><code><span class="line"><span>\{<\/span><\/span>\n<span class="line"><span class="c[0-9a-f]{6}">/,
    );
    expect(html).toContain('>200: The email was queued for delivery.<');
    for (const status of ['400', '403', '404', '500'])
      expect(html).toMatch(new RegExp(`<th scope="row"[^>]*>${status}</th>`));
  });

  it('shows nine languages, switches at once with JavaScript, remembers the choice, and copies', async () => {
    const { page, context } = await site.openPage(desktop);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.goto(`${site.url}/developers/reference/contacts`);
    const languages = page.getByRole('navigation', { name: 'Sample language' });
    expect(await languages.getByRole('link').allTextContents()).toEqual([
      'curl',
      'JavaScript',
      'Node.js',
      'Python',
      'PHP',
      'Golang',
      'Java',
      'C#',
      'Ruby',
    ]);
    const shown = page.locator('[data-lang-panel]:visible');
    await expect.poll(() => shown.textContent()).toContain('curl --request POST');
    expect(await shown.textContent()).toContain(`${publicUrl}/sandbox/v1/contacts`);
    expect(await shown.textContent()).toContain('Bearer gm_test_sandbox');

    await languages.getByRole('link', { name: 'JavaScript' }).click();
    await expect.poll(() => shown.textContent()).toContain("fetch('https://www.growmail.test/sandbox/v1/contacts'");
    expect(page.url()).toBe(`${site.url}/developers/reference/contacts?lang=javascript`);
    expect(await languages.getByRole('link', { name: 'JavaScript' }).getAttribute('aria-current')).toBe('true');

    await languages.getByRole('link', { name: 'Python' }).click();
    await expect.poll(() => shown.textContent()).toContain('requests.post(url, json=payload, headers=headers)');
    // The button copies once its JavaScript has loaded, which this press may start.
    await shown.getByRole('button', { name: 'Copy code' }).click();
    await expect
      .poll(() => shown.getByRole('status').textContent(), { timeout: 5_000 })
      .toBe('Copied to the clipboard');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`url = "${publicUrl}/sandbox/v1/contacts"`);
    expect(copied).toContain('"email": "ada@example.com"');
    expect(await axeViolations(page)).toEqual([]);

    // The next reference page opens on the language chosen last.
    await page.goto(`${site.url}/developers/reference/automations`);
    await expect.poll(() => page.locator('[data-lang-panel]:visible').getAttribute('data-lang-panel')).toBe('python');
    await context.close();
  });

  it('shows the language ?lang= names with JavaScript off', async () => {
    const { page, context } = await site.openPage(desktop, { javaScript: false });
    await page.goto(`${site.url}/developers/reference/transactionals`);
    const shown = page.locator('[data-lang-panel]:visible');
    expect(await shown.getAttribute('data-lang-panel')).toBe('curl');
    await page.getByRole('navigation', { name: 'Sample language' }).getByRole('link', { name: 'Golang' }).click();
    await page.waitForURL(`${site.url}/developers/reference/transactionals?lang=go#code-samples`);
    expect(await shown.getAttribute('data-lang-panel')).toBe('go');
    expect(await shown.textContent()).toContain('http.NewRequest("POST", url, payload)');
    expect(await page.getByRole('link', { name: 'Golang', exact: true }).getAttribute('aria-current')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('offers the OpenAPI document for download, the same one the reference is built from', async () => {
    const { page, context } = await site.openPage(desktop);
    await page.goto(`${site.url}/developers/reference/get-started`);
    const link = page.getByRole('link', { name: 'Download the OpenAPI document' });
    expect(await link.getAttribute('download')).not.toBeNull();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('openapi.yaml');
    // Read as a stream: the run's Chromium is connected to remotely, where path() is not offered.
    const served = await text(await download.createReadStream());
    const source = readFileSync(new URL('../../apps/site/src/content/openapi.yaml', import.meta.url), 'utf8');
    expect(served).toBe(source);
    expect(parse(served).openapi).toBe('3.1.0');
    await context.close();
  });
});

describe('search', () => {
  it('loads its index only when opened, finds a field, and goes to its section', async () => {
    const { page, context, problems } = await site.openPage(desktop);
    const requested: string[] = [];
    page.on('request', (request: Request) => requested.push(new URL(request.url()).pathname));
    await gotoSettled(page, `${site.url}/developers`);
    expect(requested).not.toContain('/developers/search-index.json');

    await page.getByRole('button', { name: 'Search docs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the developer docs' });
    await dialog.getByRole('searchbox').fill('date_of_birth');
    await expect.poll(() => dialog.getByRole('status').textContent()).toMatch(/^\d+ results?$/);
    expect(requested).toContain('/developers/search-index.json');
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('link', { name: /Contacts › Body fields/ }).click();
    await page.waitForURL(`${site.url}/developers/reference/contacts#body-fields`);
    await expect.poll(() => page.locator('#body-fields').isVisible()).toBe(true);
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it('opens with the / key and says when nothing matches', async () => {
    const { page, context } = await site.openPage(mobile);
    await gotoSettled(page, `${site.url}/developers/guides/webpush`);
    // The search's JavaScript loads on this first press of its shortcut.
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search the developer docs' });
    await expect
      .poll(() => dialog.getByRole('searchbox').evaluate((input) => input === document.activeElement), {
        timeout: 5_000,
      })
      .toBe(true);
    await page.keyboard.type('zzqxv');
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('0 results');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});

describe('the table of contents', () => {
  it.each(docsPages)('links each section of %s to a heading on the page', async (path) => {
    const html = (await site.app.inject(path)).body;
    const targets = [...html.matchAll(/<nav aria-label="On this page".*?<\/nav>/gs)].flatMap((match) =>
      [...match[0].matchAll(/href="#([^"]+)"/g)].map((link) => link[1]!),
    );
    if (path === '/developers/reference/contacts')
      expect(targets).toEqual(['request', 'body-fields', 'request-examples', 'code-samples', 'responses', 'try-it']);
    for (const id of targets) expect(html).toMatch(new RegExp(`<h2 id="${id}"`));
  });
});

describe('llms.txt', () => {
  it('lists every docs page with a link to its markdown copy on the configured origin', async () => {
    const response = await site.app.inject('/llms.txt');
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/^# Growmail\n\n> /);
    for (const [path, title] of docsPages) {
      const markdown = path === '/developers' ? '/developers/index.md' : `${path}.md`;
      expect(response.body).toContain(`- [${title}](${publicUrl}${markdown}): `);
      const copy = await site.app.inject(markdown);
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toContain('text/markdown');
      expect(copy.body.startsWith(`# ${title}\n`)).toBe(true);
    }
  });

  it('gives the reference pages in full, with fields, samples and responses', async () => {
    const markdown = (await site.app.inject('/developers/reference/contacts.md')).body;
    expect(markdown).toContain('`POST https://api.growmail.io/v1/contacts`');
    expect(markdown).toContain('| `gender` | string | no | one of `male`, `female` |');
    expect(markdown).toContain('```python\nimport requests');
    expect(markdown).toContain('### 200: The contact as stored.');
    expect(markdown).toContain(
      '| 403 | Unauthorized, the API key is missing or wrong. | `The API key is missing or wrong.` |',
    );
    expect(markdown).not.toMatch(/<Operation|gm-runtime/);
  });
});
