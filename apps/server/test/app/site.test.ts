import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@growmail/server/app';
import { loadConfig } from '@growmail/server/config';
import { testApp } from '@growmail/test-support/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ APP_URL: 'https://app.example.com', PUBLIC_URL: 'https://www.example.com' });
});
afterAll(() => app.close());

const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe('static files', () => {
  it('serves pages with revalidating caching, an ETag and a CSP that allows exactly their inline scripts', async () => {
    const response = await app.inject('/pricing');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.etag).toMatch(/^".+"$/);
    const csp = String(response.headers['content-security-policy']);
    const inline = [...response.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, code] of inline) {
      expect(csp).toContain(
        `'sha256-${createHash('sha256')
          .update(code ?? '')
          .digest('base64')}'`,
      );
    }
    expect(csp).not.toContain("unsafe-inline' 'sha");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
  });

  it('compresses with brotli or gzip as Accept-Encoding asks', async () => {
    // /pricing, not home: home carries its window's form stamp in place of the built one (D35).
    const identity = await app.inject('/pricing');
    const br = await app.inject({ url: '/pricing', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gzip = await app.inject({ url: '/pricing', headers: { 'accept-encoding': 'gzip' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toBe('Accept-Encoding, Save-Data');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
    expect(br.headers.etag).not.toBe(identity.headers.etag);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ url: '/terms', headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({
      url: '/terms',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves hashed assets precompressed with immutable caching', async () => {
    // React's chunk: the pages' own entry scripts may be too small to be worth compressing.
    const script = [...app.site.files.keys()].find((path) => /^\/_astro\/react\.[\w-]+\.js$/.test(path));
    expect(script).toBeDefined();
    const response = await app.inject({ url: script!, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('gives each file its content type', async () => {
    const page = await app.inject('/');
    const css = /<link rel="stylesheet" href="([^"]+\.css)"/.exec(page.body)?.[1];
    const cases: Array<[string, string]> = [
      [css!, 'text/css; charset=utf-8'],
      ['/sitemap.xml', 'application/xml; charset=utf-8'],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
      ['/fr/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
      ['/icon.svg', 'image/svg+xml'],
      ['/robots.txt', 'text/plain; charset=utf-8'],
      ['/llms.txt', 'text/plain; charset=utf-8'],
    ];
    for (const [url, type] of cases) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe(type);
    }
  });

  it('links each language to its own web app manifest, so an app installed from /fr opens in French (issue 56)', async () => {
    for (const [page, path, start] of [
      ['/pricing', '/manifest.webmanifest', '/'],
      ['/fr/pricing', '/fr/manifest.webmanifest', '/fr'],
    ] as const) {
      const linked = /<link rel="manifest" href="([^"]+)"/.exec((await app.inject(page)).body)?.[1];
      expect(linked, page).toBe(path);
      const manifest = (await app.inject(path)).json<{ start_url: string; description: string; lang: string }>();
      expect(manifest.start_url).toBe(start);
      expect(manifest.lang).toBe(page.startsWith('/fr') ? 'fr' : 'en');
    }
    const french = (await app.inject('/fr/manifest.webmanifest')).json<{ description: string }>();
    expect(french.description).toMatch(/^Growmail réunit campagnes email/);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await app.inject('/pricing');
    const head = await app.inject({ method: 'HEAD', url: '/pricing' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('answers 404 for a missing asset, not the home page', async () => {
    for (const url of ['/_astro/missing.js', '/images/missing.png', '/missing.css']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<html');
    }
  });

  it('sets the security headers on every response', async () => {
    for (const url of ['/', '/services/health', '/_astro/missing.js']) {
      const response = await app.inject(url);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('routing a static export cannot do (spec "Screens and routes")', () => {
  it('redirects /register/:code to the app with the code encoded (D8)', async () => {
    const response = await app.inject('/register/FRIEND%2042');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://app.example.com/register?ref=FRIEND%2042');
    expect(response.body).not.toContain('<html');
  });

  it('shows home, with a canonical link to /, for unknown paths (D6)', async () => {
    const response = await app.inject('/no/such/page');
    expect(response.statusCode).toBe(200);
    expect(h1(response.body)).toContain('Generate More Revenue');
    expect(canonical(response.body)).toBe('https://www.example.com');
  });

  it.each([
    ['/products/automation', 'Marketing Automation', '/products/automations'],
    ['/products/campaign/', 'Broadcast Messaging', '/products/campaign'],
    ['/automations', 'Marketing Automation', '/products/automations'],
    ['/analytics', 'App Analytics', '/products/analytics'],
    ['/transactionals', 'Transactional Emails', '/products/transactionals'],
    ['/products/whatever', 'Broadcast Messaging', '/products/campaign'],
  ])('shows %s as the %s page with its canonical path (D5)', async (url, title, path) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(h1(response.body)).toBe(title);
    expect(canonical(response.body)).toBe(`https://www.example.com${path}`);
  });

  it('shows the bare calculator at /calculator/calculate and the wrapper elsewhere (D7)', async () => {
    const bare = await app.inject('/calculator/calculate');
    const wrapper = await app.inject('/calculator/anything');
    expect(canonical(bare.body)).toBe('https://www.example.com/calculator/calculate');
    expect(canonical(wrapper.body)).toBe('https://www.example.com/calculator');
  });

  it('shows the get-started reference for unknown docs paths', async () => {
    const response = await app.inject('/developers/nothing/here');
    expect(canonical(response.body)).toBe('https://www.example.com/developers/reference/get-started');
  });

  it('shows the preferences page for an unsubscription link', async () => {
    const response = await app.inject('/unsubscription/trk-1/jane%40example.com/42');
    expect(response.statusCode).toBe(200);
    expect(canonical(response.body)).toBe('https://www.example.com/unsubscription');
  });
});

describe('configuration at start (D21)', () => {
  it('writes the configured links into every page and leaves no stand-in behind', async () => {
    const home = await app.inject('/');
    expect(home.body).toContain('href="https://app.example.com/register?location=header"');
    for (const file of app.site.files.values()) {
      expect(file.body.includes('gm-runtime'), file.path).toBe(false);
    }
  });

  it('marks every page noindex and disallows robots outside production', async () => {
    for (const url of ['/', '/pricing', '/developers/reference/contacts', '/fr', '/fr/pricing']) {
      expect((await app.inject(url)).body).toContain('<meta name="robots" content="noindex"/>');
    }
    expect((await app.inject('/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('indexes and points robots at the sitemap in production', async () => {
    const production = await testApp({ SITE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' });
    try {
      expect((await production.inject('/')).body).not.toContain('noindex');
      expect((await production.inject('/robots.txt')).body).toContain('Sitemap: https://www.example.com/sitemap.xml');
      const sitemap = (await production.inject('/sitemap.xml')).body;
      expect(sitemap).toContain('<loc>https://www.example.com/pricing</loc>');
      // Each page with its twin (D37): the French one listed too, and both naming each other.
      expect(sitemap).toContain(
        '<loc>https://www.example.com/fr/pricing</loc>\n<xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/pricing"/>',
      );
      const french = await production.inject('/fr/pricing');
      expect(french.body).toContain('<html lang="fr">');
      expect(french.body).toContain('<link rel="alternate" hrefLang="en" href="https://www.example.com/pricing"/>');
      expect(french.body).toContain('<meta property="og:locale" content="fr_FR"/>');
    } finally {
      await production.close();
    }
  });
});

describe('the WhatsApp links (D34)', () => {
  const pages = [
    ['/contact', 'Hello Growmail, I have a question'],
    ['/demo', 'Hello Growmail, I would like a demo'],
    ['/pricing', 'Hello Growmail, I would like to know more'],
    ['/fr/contact', 'Bonjour Growmail, j’ai une question'],
    ['/fr/demo', 'Bonjour Growmail, je voudrais une démo'],
    ['/fr/pricing', 'Bonjour Growmail, j’aimerais en savoir plus'],
  ] as const;
  const chatLinks = (html: string) =>
    [...html.matchAll(/<a href="([^"]*)"[^>]*>(?:Chat on WhatsApp|Discuter sur WhatsApp)<\/a>/g)].map(
      ([, href]) => href,
    );
  const paragraphs = (html: string) => html.match(/<p[\s>]/g)?.length ?? 0;

  let withNumber: FastifyInstance;
  beforeAll(async () => {
    withNumber = await testApp({ WHATSAPP_NUMBER: '+14155550123' });
  });
  afterAll(() => withNumber.close());

  it('links the contact and demo pages and the footer to a chat with the number, its first words prefilled', async () => {
    for (const [path, message] of pages) {
      const { body } = await withNumber.inject(path);
      expect(chatLinks(body), path).toContain(`https://wa.me/14155550123?text=${encodeURIComponent(message)}`);
      expect(body.includes('gm-runtime'), path).toBe(false);
    }
    // The contact section's own link, and the footer's.
    expect(chatLinks((await withNumber.inject('/contact')).body)).toHaveLength(2);
  });

  it('leaves no trace of WhatsApp, not even an empty paragraph, when no number is set', async () => {
    for (const [path] of pages) {
      const without = (await app.inject(path)).body;
      const withLinks = (await withNumber.inject(path)).body;
      expect(/whatsapp|wa\.me/i.test(without), path).toBe(false);
      expect(paragraphs(without), path).toBe(paragraphs(withLinks) - chatLinks(withLinks).length);
    }
  });
});

describe('compressed bodies kept in a store beside the process (the e2e servers of one run)', () => {
  it('keeps each body it compresses under its ETag, and sends one it finds there without compressing it again', async () => {
    const kept = new Map<string, Buffer>();
    const store = {
      get: async (key: string) => kept.get(key),
      set: async (key: string, body: Buffer) => void kept.set(key, body),
    };
    const first = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:' }),
      encodedStore: store,
    });
    const sent = await first.inject({ url: '/pricing', headers: { 'accept-encoding': 'br' } });
    await first.close();
    const key = String(sent.headers.etag).slice(1, -1);
    expect(key).toMatch(/-br$/);
    expect(kept.get(key)?.equals(sent.rawPayload)).toBe(true);

    // A second server finds the body by its key: what the store holds is what it sends.
    const marked = Buffer.concat([sent.rawPayload, Buffer.from([0])]);
    kept.set(key, marked);
    const second = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:' }),
      encodedStore: store,
    });
    const again = await second.inject({ url: '/pricing', headers: { 'accept-encoding': 'br' } });
    await second.close();
    expect(again.headers.etag).toBe(sent.headers.etag);
    expect(again.rawPayload.equals(marked)).toBe(true);
  });

  it('sends every page when the store can be neither read nor written: it only saves work', async () => {
    const store = {
      get: () => Promise.reject(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })),
      set: () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })),
    };
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:' }),
      encodedStore: store,
    });
    try {
      for (const attempt of [1, 2]) {
        const sent = await app.inject({ url: '/terms', headers: { 'accept-encoding': 'br' } });
        expect(sent.statusCode, `answer ${attempt}`).toBe(200);
        expect(brotliDecompressSync(sent.rawPayload).toString()).toContain('</html>');
      }
    } finally {
      await app.close();
    }
  });
});
