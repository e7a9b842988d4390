import { describe, expect, it } from 'vitest';
import { resolveRequest, type SiteIndex } from '../../src/site/routing.ts';

const pages = new Set([
  '/',
  '/pricing',
  '/calculator',
  '/calculator/calculate',
  '/products/campaign',
  '/products/automations',
  '/products/transactionals',
  '/products/analytics',
  '/unsubscription',
  '/developers/reference/get-started',
  '/developers/reference/contacts',
  '/developers/guides/webpush',
  '/fr',
  '/fr/pricing',
  '/fr/calculator',
  '/fr/products/campaign',
  '/fr/products/automations',
  '/fr/products/transactionals',
  '/fr/products/analytics',
  '/fr/unsubscription',
]);
const files = new Set(['/index.html', '/favicon.ico', '/_astro/a.js', '/pricing.txt']);
const site: SiteIndex = { hasFile: (p) => files.has(p), hasPage: (r) => pages.has(r) };
const app = 'https://app.example.com';
const resolve = (path: string) => resolveRequest(path, site, app);
const page = (route: string) => ({ kind: 'page', route });

describe('resolveRequest', () => {
  it('redirects a referral code to the app register page, encoded (D8)', () => {
    expect(resolve('/register/ABC123')).toEqual({ kind: 'redirect', location: `${app}/register?ref=ABC123` });
    expect(resolve('/register/a%20b&c')).toEqual({ kind: 'redirect', location: `${app}/register?ref=a%20b%26c` });
  });

  it('serves exported files as they are', () => {
    expect(resolve('/favicon.ico')).toEqual({ kind: 'file', path: '/favicon.ico' });
    expect(resolve('/pricing.txt')).toEqual({ kind: 'file', path: '/pricing.txt' });
  });

  it('answers 404 for a missing asset instead of a page', () => {
    expect(resolve('/_astro/missing.js')).toEqual({ kind: 'not-found' });
    expect(resolve('/logo.png')).toEqual({ kind: 'not-found' });
    expect(resolve('/_astro/whatever')).toEqual({ kind: 'not-found' });
  });

  it('answers 404 for any path under /team, never the home page', () => {
    for (const path of ['/team', '/team/', '/team/x', '/team/LEADS', '/team/leads/abc/'])
      expect([path, resolve(path)]).toEqual([path, { kind: 'not-found' }]);
    expect(resolve('/teams')).toEqual(page('/'));
  });

  it('serves pages with or without a trailing slash', () => {
    expect(resolve('/pricing')).toEqual(page('/pricing'));
    expect(resolve('/pricing/')).toEqual(page('/pricing'));
    expect(resolve('/')).toEqual(page('/'));
  });

  it('shows home for unknown paths (D6)', () => {
    expect(resolve('/nothing/here')).toEqual(page('/'));
    expect(resolve('/register')).toEqual(page('/'));
  });

  it('resolves product aliases and unknown product paths (D5)', () => {
    expect(resolve('/products/automation')).toEqual(page('/products/automations'));
    expect(resolve('/products/campaign/')).toEqual(page('/products/campaign'));
    expect(resolve('/automations')).toEqual(page('/products/automations'));
    expect(resolve('/analytics')).toEqual(page('/products/analytics'));
    expect(resolve('/transactionals')).toEqual(page('/products/transactionals'));
    expect(resolve('/products/anything-else')).toEqual(page('/products/campaign'));
    expect(resolve('/products')).toEqual(page('/products/campaign'));
  });

  it('shows the calculator wrapper for any calculator sub-path but calculate (D7)', () => {
    expect(resolve('/calculator/calculate')).toEqual(page('/calculator/calculate'));
    expect(resolve('/calculator/compare')).toEqual(page('/calculator'));
  });

  it('falls back to the nearest docs page, else get-started', () => {
    expect(resolve('/developers/reference/contacts/create')).toEqual(page('/developers/reference/contacts'));
    expect(resolve('/developers/guides/webpush/setup/more')).toEqual(page('/developers/guides/webpush'));
    expect(resolve('/developers/unknown')).toEqual(page('/developers/reference/get-started'));
    expect(resolve('/developers/guides')).toEqual(page('/developers/reference/get-started'));
  });

  it('shows the preferences page for a three-part unsubscription link', () => {
    expect(resolve('/unsubscription/t1/jane%40example.com/42')).toEqual(page('/unsubscription'));
    expect(resolve('/unsubscription/t1/only-two')).toEqual(page('/'));
  });

  it('applies the same aliases and fallbacks under /fr, to the French pages (D37)', () => {
    expect(resolve('/fr/')).toEqual(page('/fr'));
    expect(resolve('/fr/pricing/')).toEqual(page('/fr/pricing'));
    expect(resolve('/fr/automation')).toEqual(page('/fr/products/automations'));
    expect(resolve('/fr/products/transactional')).toEqual(page('/fr/products/transactionals'));
    expect(resolve('/fr/products/anything')).toEqual(page('/fr/products/campaign'));
    expect(resolve('/fr/calculator/anything')).toEqual(page('/fr/calculator'));
    expect(resolve('/fr/unsubscription/t/e/i')).toEqual(page('/fr/unsubscription'));
    expect(resolve('/fr/nowhere/at/all')).toEqual(page('/fr'));
  });

  it('shows the English docs under /fr, which have no French twin (D37)', () => {
    expect(resolve('/fr/developers/reference/contacts/x')).toEqual(page('/developers/reference/contacts'));
  });
});
