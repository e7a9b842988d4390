import { describe, expect, it } from 'vitest';
import { useSite } from '@growmail/test-support/site';

// These tests fetch pages and images directly, so no Chromium is started.
const site = useSite({}, { browser: false });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]+)"`).exec(html)?.[1];

describe('the brand in every page', () => {
  it('gives every page its own 1200×630 Open Graph image and a Twitter large card', async () => {
    const images = new Set<string>();
    for (const route of site.app.site.routes()) {
      if (route === '/unsubscription') continue; // a personal page, not meant for sharing
      const html = await (await fetch(`${site.url}${route}`)).text();
      const image = metaContent(html, 'og:image');
      expect(image, route).toBeDefined();
      expect(metaContent(html, 'og:image:width'), route).toBe('1200');
      expect(metaContent(html, 'og:image:height'), route).toBe('630');
      expect(metaContent(html, 'og:title'), route).toBeDefined();
      expect(metaContent(html, 'twitter:card'), route).toBe('summary_large_image');
      expect(metaContent(html, 'twitter:image'), route).toBe(image);
      const response = await fetch(`${site.url}${new URL(image!).pathname}`);
      expect(response.headers.get('content-type'), route).toBe('image/png');
      expect(pngSize(Buffer.from(await response.arrayBuffer())), route).toEqual({ width: 1200, height: 630 });
      images.add(image!);
    }
    expect(images.size).toBeGreaterThanOrEqual(15);
  });

  it('gives a French page a card of its own in French, and the other French pages the French home card (D37)', async () => {
    const imageOf = async (route: string) =>
      new URL(metaContent(await (await fetch(`${site.url}${route}`)).text(), 'og:image')!).pathname;
    expect(await imageOf('/fr/pricing')).toBe('/og/fr/pricing.png');
    expect(await imageOf('/fr/products/campaign')).toBe('/og/fr/products/campaign.png');
    expect(await imageOf('/fr/sent')).toBe('/og/fr/home.png');
    expect(await imageOf('/fr')).toBe('/og/fr/home.png');
    const bytes = async (path: string) => Buffer.from(await (await fetch(`${site.url}${path}`)).arrayBuffer());
    expect((await bytes('/og/fr/pricing.png')).equals(await bytes('/og/pricing.png'))).toBe(false);
  });

  it('serves the favicon, the app icons of the manifest and the self-hosted brand font', async () => {
    const html = await (await fetch(site.url)).text();
    expect(html).toMatch(/<link rel="icon" href="\/icon\.svg[^"]*" type="image\/svg\+xml"/);
    const apple = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(pngSize(Buffer.from(await (await fetch(`${site.url}${apple}`)).arrayBuffer()))).toEqual({
      width: 180,
      height: 180,
    });

    const manifest = await (await fetch(`${site.url}/manifest.webmanifest`)).json();
    for (const icon of manifest.icons.filter((entry: { type: string }) => entry.type === 'image/png')) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await (await fetch(`${site.url}${icon.src}`)).arrayBuffer()))).toEqual({
        width,
        height,
      });
    }

    const font = /@font-face\{font-family:brandFont;src:url\(([^)]+\.woff2)\)/.exec(html)?.[1];
    expect(font).toBeDefined();
    const response = await fetch(`${site.url}${font}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('font/woff2');
  });
});
