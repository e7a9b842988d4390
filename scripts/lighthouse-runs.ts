/**
 * What the Lighthouse benches share (bench-lighthouse.ts, bench-slowlink.ts): a free port, the
 * blank control page, a fresh Debian Chromium per run, one run that retries a lost trace, and
 * the median of a page's runs.
 */
import { createServer } from 'node:net';
import { launch } from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';

/** A port nobody uses, so the public URL (canonical links) can name it before the server starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The control: a valid page of one heading and a line of text, with no style, font or script. */
export const controlHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Control</title>' +
  '<meta name="description" content="A blank page that measures the machine."></head>' +
  '<body><main><h1>Control</h1><p>A heading and a line of text.</p></main></body></html>';

/** A fresh browser per run: a reused one loses the navigation start of later traces (NO_NAVSTART). */
const launchChromium = () =>
  launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });

/** One Lighthouse run of a URL; a trace lost on a busy machine (NO_NAVSTART and the like) is retried. */
export async function lighthouseRun(url: string, flags: Flags = {}, config?: Config): Promise<Result> {
  for (let attempt = 0; ; attempt += 1) {
    const chrome = await launchChromium();
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', ...flags },
      config,
    ).finally(() => chrome.kill());
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt >= 2) throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
  }
}

/**
 * The median of the runs that measured a value. A run without one (Lighthouse found no LCP, and
 * its audit has no numeric value) is left out: sorted with the rest, its NaN compared as equal to
 * everything and could land in the middle. NaN when no run measured it.
 */
export const median = (values: number[]) => {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured.length === 0 ? Number.NaN : measured[Math.floor(measured.length / 2)]!;
};
