import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultBookingZone, firstBookingZone } from '@growmail/contracts/demo-booking';
import { formActions } from '@growmail/contracts/form-posts';
import { DemoPageCache } from '../demos/page-cache.ts';
import { sharedSlotPicker } from '../demos/page.ts';
import { signFormStamp } from '../form-posts/stamp.ts';
import { compressInBackground } from '../site/compression.ts';
import { pageVariant } from '../site/page-variant.ts';
import type { Site, SiteFile } from '../site/site-files.ts';
import { StampedPages, windowStart } from '../site/stamped-pages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pages with a lead form, stamped once per window (D35). */
    stampedPages: StampedPages;
    /** /demo as every visitor gets it, per zone, version of the availability (D32, D35) and of the site (D45). */
    demoPage: DemoPageCache<SiteFile, Site>;
    /**
     * Makes a version ready to serve before its first request: its stamped pages for the
     * current window (and the next, if it starts within a minute), /demo in both languages,
     * then every text file, each compressed at its smallest in the low-priority thread.
     */
    prepareSite: (site: Site) => Promise<void>;
  }
}

/**
 * How long before a stamp window starts its pages are made: time enough to compress a
 * version's dozen stamped pages at quality 11 on a busy machine, and long after the window
 * before started (an hour at least, `formStampTimes`).
 */
const aheadMs = 60_000;

/**
 * The shared pages that are not sent exactly as built (D35): the lead forms' pages with the
 * stamp of the current window, and /demo with its open slots. The demo service and the link
 * that moves a booking call `app.demoPage.changed()` after a change, so this server shows it
 * on the next request; the other servers see the version move within seconds.
 */
async function sharedPages(app: FastifyInstance) {
  const stamped = new StampedPages((at) => signFormStamp(app, at), app.config.formStamp.windowMs);
  app.decorate('stampedPages', stamped);
  // /demo is rendered with its slots (below), not stamped as built.
  const sentAsBuilt = (site: Site) => {
    const demo = [site.page(formActions.demo)?.path, site.page(`/fr${formActions.demo}`)?.path];
    return (file: SiteFile) => demo.includes(file.path);
  };
  const ahead = Math.min(aheadMs, stamped.windowMs / 2);
  app.decorate('prepareSite', async (site: Site) => {
    const now = Date.now();
    const except = sentAsBuilt(site);
    await stamped.prepare(site, now, except);
    // A version that comes within a minute of a new window: the timer below made that window's
    // pages for the version before.
    const next = windowStart(now, stamped.windowMs) + stamped.windowMs;
    if (next - now <= ahead) await stamped.prepare(site, next, except);
    await prepareDemo(site);
    await site.warm();
  });
  /**
   * /demo and /fr/demo for the zones they open in, rendered and compressed for a version before
   * it is served. Without its slots (a database that does not answer) a version is served all
   * the same, and the page is rendered on its first request.
   */
  async function prepareDemo(site: Site) {
    try {
      for (const [zone, language] of [
        [defaultBookingZone, 'en'],
        [firstBookingZone.fr, 'fr'],
      ] as const) {
        const page = await app.demoPage.page(zone, language, site);
        for (const encoding of ['br', 'gzip'] as const) await site.encode(page, encoding, compressInBackground);
      }
    } catch (err) {
      app.log.warn({ err }, 'preparing /demo for a version of the site failed');
    }
  }

  // Each window's pages are made a minute before it starts, for the version served then.
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const prepareAhead = (window: number) => {
    if (closed) return;
    timer = setTimeout(
      () => {
        const site = app.site;
        stamped
          .prepare(site, window, sentAsBuilt(site))
          .catch((err: unknown) => app.log.warn({ err }, 'preparing the next window’s stamped pages failed'))
          .finally(() => prepareAhead(Math.max(window, windowStart(Date.now(), stamped.windowMs)) + stamped.windowMs));
      },
      Math.max(0, window - ahead - Date.now()),
    );
    timer.unref();
  };
  app.addHook('onReady', async () => prepareAhead(windowStart(Date.now(), stamped.windowMs) + stamped.windowMs));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });

  // /demo and /fr/demo (D37): the same view, rendered in each page's language, from the version current.
  app.decorate(
    'demoPage',
    new DemoPageCache<SiteFile, Site>({
      readVersion: async () => {
        if (!app.db.status.ready) return null;
        try {
          return await app.demos.availabilityVersion();
        } catch (error) {
          app.db.status.report(error);
          return null;
        }
      },
      // A copy is of one version of the site (D45): its words are that version's.
      edition: () => app.site,
      // Rendered by Astro on demand (D35) with the slots and the stamp of the current window, then
      // sent like a built page: its own ETag, compressed once, its inline scripts hashed.
      render: async (zone, language, site) => {
        const page = site.page(language === 'fr' ? `/fr${formActions.demo}` : formActions.demo);
        if (!page) throw new Error(`The site has no demo page in ${language}.`);
        const now = new Date();
        const window = windowStart(now.getTime(), stamped.windowMs);
        const [stamp, { picker, holdsUntil }] = await Promise.all([
          signFormStamp(app, new Date(window)),
          sharedSlotPicker(app, zone, now),
        ]);
        const rendered = await site.render('demo', { picker, stamp: stamp ?? '', language });
        const sent = { ...pageVariant(page, rendered.html), scriptHashes: rendered.scriptHashes, stamped: false };
        // A page without a signed stamp is made again for the next request, which tries the secret again.
        return { page: sent, holdsUntil: stamp ? Math.min(holdsUntil, window + stamped.windowMs) : now.getTime() };
      },
    }),
  );
}

export default fp(sharedPages, { name: 'shared-pages', dependencies: ['config', 'repositories'] });
