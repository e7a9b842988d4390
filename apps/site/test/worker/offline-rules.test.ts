import { describe, expect, it } from 'vitest';
import { workerRegistrationCode } from '@/components/worker-registration';
import {
  isLeadPost,
  mayKeepPage,
  offlineNotices,
  offlinePageFor,
  pagesToWarm,
  replayOutcome,
  withFormPage,
  withOfflineNotice,
} from '@/worker/offline-rules';
import { savedPage, savedWords, type SavedSubmission } from '@/worker/saved-page';

const at = (path: string) => new URL(path, 'https://growmail.test');

describe('what the site worker keeps on the device (D39)', () => {
  it('keeps a plain page, and never a no-store page, a private one, an error, or a URL with a query', () => {
    expect(mayKeepPage(at('/pricing'), 200, 'public, max-age=0, must-revalidate')).toBe(true);
    expect(mayKeepPage(at('/newsletter/confirm'), 200, 'no-store')).toBe(false);
    expect(mayKeepPage(at('/team/leads'), 200, 'public, max-age=0')).toBe(false);
    expect(mayKeepPage(at('/team'), 200, null)).toBe(false);
    expect(mayKeepPage(at('/unsubscription'), 200, 'private, no-cache')).toBe(false);
    expect(mayKeepPage(at('/demo/booking?token=abc'), 200, null)).toBe(false);
    expect(mayKeepPage(at('/pricing?currency=KES'), 200, 'public, max-age=0')).toBe(false);
    expect(mayKeepPage(at('/missing'), 404, 'public')).toBe(false);
  });

  it('keeps the lead forms’ posts, in either language, and no other', () => {
    for (const path of ['/contact', '/demo', '/startup', '/calculator', '/calculator/calculate', '/fr/contact']) {
      expect(isLeadPost(at(path)), path).toBe(true);
    }
    for (const path of ['/newsletter', '/newsletter/confirm', '/unsubscription', '/demo/booking', '/']) {
      expect(isLeadPost(at(path)), path).toBe(false);
    }
  });

  it('drops a replay once answered, tries again when the server is out of reach, and keeps a refusal', () => {
    expect(replayOutcome(0, true)).toBe('sent');
    expect(replayOutcome(201, false)).toBe('sent');
    for (const status of [502, 503, 504, 429]) expect(replayOutcome(status, false)).toBe('later');
    for (const status of [400, 409, 422]) expect(replayOutcome(status, false)).toBe('refused');
  });

  it('puts the offline notice first in the body of a page served from the device', () => {
    const html = withOfflineNotice(
      '<!doctype html><html><body class="x"><main>Pricing</main></body></html>',
      '/pricing',
    );
    expect(html).toMatch(
      new RegExp(
        `<body class="x"><p role="status" data-offline-notice [^>]*>${offlineNotices.en}</p><main>Pricing</main>`,
      ),
    );
  });
});

describe("the pages kept in the visitor's language (D37, D39)", () => {
  it('writes the offline notice in the language of the page it is put in (D43)', () => {
    const page = '<!doctype html><html><body><main>Tarifs</main></body></html>';
    expect(withOfflineNotice(page, '/fr/pricing')).toContain(
      '>Vous êtes hors ligne\u202f: cette page n’est peut-être plus à jour</p>',
    );
    expect(withOfflineNotice(page, '/fr')).toContain(`>${offlineNotices.fr}</p>`);
    expect(withOfflineNotice(page, '/pricing')).toContain(`>${offlineNotices.en}</p>`);
  });

  it('shows the offline page in the language of the page asked for', () => {
    expect(offlinePageFor('/products/campaign')).toBe('/offline');
    expect(offlinePageFor('/fr/products/campaign')).toBe('/fr/offline');
    expect(offlinePageFor('/fr')).toBe('/fr/offline');
    expect(offlinePageFor('/from-somewhere')).toBe('/offline');
  });

  it('keeps the most read pages in the languages of the pages open, and those pages', () => {
    expect(pagesToWarm(['/terms'])).toEqual(['/', '/pricing', '/contact', '/demo', '/offline', '/terms']);
    expect(pagesToWarm(['/fr/terms'])).toEqual([
      '/fr',
      '/fr/pricing',
      '/fr/contact',
      '/fr/demo',
      '/fr/offline',
      '/fr/terms',
    ]);
    expect(pagesToWarm(['/', '/fr'])).toHaveLength(10);
    expect(pagesToWarm([])).toEqual(['/', '/pricing', '/contact', '/demo', '/offline']);
  });
});

describe('the saved page', () => {
  const saved: SavedSubmission = {
    key: 'key-0123456789abcdef',
    url: 'https://growmail.test/contact',
    body: new URLSearchParams({
      form_name: 'enquiry',
      form_stamp: 'stamp',
      homepage: '',
      idempotency_key: 'key-0123456789abcdef',
      fullname: 'Ada <b>Obi</b>',
      email: 'ada@example.com',
      body: 'Hello',
    }).toString(),
    savedAt: 0,
    state: 'waiting',
  };

  it('says it is saved, shows what will be sent (escaped, hidden fields left out), and offers to discard it', () => {
    const page = savedPage(saved);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(`<h1>${savedWords.en.title}</h1>`);
    expect([...page.matchAll(/<dt>(.*?)<\/dt>/g)].map((match) => match[1])).toEqual(['Full name', 'Email', 'Message']);
    expect(page).toContain('<dd>Ada &#60;b&#62;Obi&#60;/b&#62;</dd>');
    expect(page).not.toContain('stamp');
    expect(page).toContain(`<input type="hidden" name="key" value="${saved.key}">`);
    expect(page).toContain('<button type="submit">Discard it</button>');
  });

  it('speaks French, with the French form’s labels, for a form sent from a French page (D43)', () => {
    const french = { ...saved, body: `${saved.body}&language=fr` };
    const page = savedPage(french);
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain(
      '<h1>Votre demande est enregistrée sur cet appareil. Nous l’enverrons dès que vous serez de nouveau en ligne.</h1>',
    );
    expect([...page.matchAll(/<dt>(.*?)<\/dt>/g)].map((match) => match[1])).toEqual([
      'Nom complet',
      'Adresse email',
      'Message',
    ]);
    expect(page).not.toContain('<dd>fr</dd>');
    expect(page).toContain('<button type="submit">Supprimer la demande</button>');
    expect(page).toContain('<a href="/fr">Retour à l’accueil</a>');
  });
});

describe('the worker registration', () => {
  it('is under 1 KB and registers only once the page has loaded', () => {
    expect(Buffer.byteLength(workerRegistrationCode)).toBeLessThanOrEqual(1024);
    expect(workerRegistrationCode.startsWith('addEventListener("load"')).toBe(true);
  });
});

describe('the source a saved post keeps (issue 40)', () => {
  const origin = 'https://growmail.test';
  const body = 'form_name=enquiry&fullname=Awa+Diop&first_touch=%7B%22p%22%3A%22%2Ffr%22%7D';

  it('adds the page the form was on, from the post’s referrer, without its query', () => {
    const kept = new URLSearchParams(withFormPage(body, `${origin}/fr/contact?utm_source=newsletter`, origin));
    expect(kept.get('form_page')).toBe('/fr/contact');
    expect(kept.get('first_touch')).toBe('{"p":"/fr"}');
    expect(kept.get('fullname')).toBe('Awa Diop');
  });

  it('adds nothing for a referrer of another site, none at all, or a body that names its page', () => {
    expect(withFormPage(body, 'https://elsewhere.example/contact', origin)).toBe(body);
    expect(withFormPage(body, '', origin)).toBe(body);
    const named = `${body}&form_page=%2Fdemo`;
    expect(withFormPage(named, `${origin}/contact`, origin)).toBe(named);
  });

  it('leaves the page and the first touch off what the saved page lists', () => {
    const saved: SavedSubmission = {
      key: 'k'.repeat(20),
      url: `${origin}/contact`,
      body: withFormPage(body, `${origin}/fr/contact`, origin),
      savedAt: 0,
      state: 'waiting',
    };
    const page = savedPage(saved);
    expect(page).toContain('Awa Diop');
    expect(page).not.toMatch(/first_touch|form_page|\/fr\/contact/);
  });
});
