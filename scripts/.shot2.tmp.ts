import { launchBrowser, startSite } from '../tests/e2e/support/harness.ts';
const [site, browser] = await Promise.all([startSite(), launchBrowser()]);
const [path, width, parts] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4] ?? 3)];
const page = await browser.newPage({ viewport: { width, height: 900 } });
await page.goto(site.url + path, { waitUntil: 'networkidle' });
const height = await page.evaluate(() => document.documentElement.scrollHeight);
const step = Math.ceil(height / parts);
for (let i = 0; i < parts; i++) {
  await page.screenshot({ path: `/tmp/part-${i}.png`, fullPage: true, clip: { x: 0, y: i * step, width, height: Math.min(step, height - i * step) } });
}
console.log(height);
await browser.close(); await site.close();
