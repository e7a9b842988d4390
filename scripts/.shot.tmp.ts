import { launchBrowser, startSite } from '../tests/e2e/support/harness.ts';
const [site, browser] = await Promise.all([startSite(), launchBrowser()]);
const targets = (process.argv[2] ?? '/').split(',');
const widths = (process.argv[3] ?? '390,1440').split(',').map(Number);
for (const path of targets) for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const name = `/tmp/shot3-${path.replace(/\W+/g, '_') || 'home'}-${width}.png`;
  await page.screenshot({ path: name, fullPage: true });
  console.log(name, errors);
  await page.close();
}
await browser.close(); await site.close();
