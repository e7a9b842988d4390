import { describe, expect, it } from 'vitest';
import { deviceClass, isCountedPath, referrerHost, viewSource } from '../src/visits.ts';

describe('what a counted view keeps (D42)', () => {
  it('keeps the utm_* values and the kind of an ad click id, and drops every other parameter', () => {
    const source = viewSource(
      new URL(
        'https://growmail.io/fr?utm_source=newsletter&utm_campaign=tabaski&fbclid=IwAR-123&token=abc&email=a%40b.c',
      ),
    );
    expect(source).toEqual({
      language: 'fr',
      utm: { utm_source: 'newsletter', utm_campaign: 'tabaski' },
      clickId: 'fbclid',
    });
  });

  it('reads the language from the French prefix only', () => {
    expect(viewSource(new URL('https://growmail.io/fr/demo')).language).toBe('fr');
    expect(viewSource(new URL('https://growmail.io/francais')).language).toBe('en');
  });

  it('counts public pages, but not the console or the pages a capability link opens', () => {
    expect(['/', '/fr', '/pricing', '/fr/demo', '/demo'].filter(isCountedPath)).toHaveLength(5);
    for (const path of [
      '/team',
      '/team/leads',
      '/newsletter/confirm',
      '/fr/newsletter/confirm',
      '/unsubscription/a.b/ada%40example.com/c',
      '/demo/booking',
      '/fr/demo/booking',
    ])
      expect(isCountedPath(path), path).toBe(false);
  });

  it('keeps only the host of another site as the referrer', () => {
    expect(referrerHost('https://News.Example.org/issue/42?reader=ada', 'growmail.io')).toBe('news.example.org');
    expect(referrerHost('https://growmail.io/pricing', 'growmail.io')).toBeNull();
    expect(referrerHost('', 'growmail.io')).toBeNull();
    expect(referrerHost('android-app://com.example', 'growmail.io')).toBeNull();
  });

  it('tells phones, tablets and computers apart by their user agent', () => {
    expect(
      deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36'),
    ).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/131 Safari/537.36')).toBe(
      'tablet',
    );
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131 Safari/537.36')).toBe(
      'desktop',
    );
  });
});
