import { launchBrowser, openPage, startSite, viewports } from './harness.ts';

const routes = process.argv.slice(2);
const site = await startSite({});
const browser = await launchBrowser();
for (const viewport of viewports) {
  const { page, problems, context } = await openPage(browser, viewport);
  for (const route of routes) {
    await page.goto(`${site.url}${route}`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/shots6/${viewport.name}${route.replaceAll('/', '_')}.png`, fullPage: true });
  }
  console.log(viewport.name, problems);
  await context.close();
}
await browser.close();
await site.close();
