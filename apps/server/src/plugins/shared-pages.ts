import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DemoPageCache } from '../demos/page-cache.ts';
import { demoPageFor } from '../demos/page.ts';
import { hasSlotPicker } from '../demos/slot-picker.ts';
import { signFormStamp } from '../form-posts/stamp.ts';
import { pageVariant } from '../site/page-variant.ts';
import type { SiteFile } from '../site/site-files.ts';
import { StampedPages } from '../site/stamped-pages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pages with a lead form, stamped once per window (D35). */
    stampedPages: StampedPages;
    /** /demo as every visitor gets it, per zone and version of the availability (D32, D35). */
    demoPage: DemoPageCache<SiteFile>;
  }
}

/**
 * The shared pages that are not sent exactly as built (D35): the lead forms' pages with the
 * stamp of the current window, and /demo with its open slots. The demo service and the link
 * that moves a booking call `app.demoPage.changed()` after a change, so this server shows it
 * on the next request; the other servers see the version move within seconds.
 */
async function sharedPages(app: FastifyInstance) {
  const stamped = new StampedPages((at) => signFormStamp(app, at), app.config.formStamp.windowMs);
  app.decorate('stampedPages', stamped);

  const built = app.site.page('/demo');
  const demo = built && hasSlotPicker(built.body.toString('utf8')) ? built : undefined;
  app.decorate(
    'demoPage',
    new DemoPageCache<SiteFile>({
      readVersion: async () => {
        if (!app.db.status.ready) return null;
        try {
          return await app.demos.availabilityVersion();
        } catch (error) {
          app.db.status.report(error);
          return null;
        }
      },
      render: async (zone) => {
        if (!demo) throw new Error('The site has no demo page with a slot picker.');
        const { file, signed, until } = await stamped.forNow(demo);
        const now = new Date();
        const { html, holdsUntil } = await demoPageFor(app, file.body.toString('utf8'), zone, now);
        // A page without a signed stamp is made again for the next request, which tries the secret again.
        return { page: pageVariant(file, html), holdsUntil: signed ? Math.min(holdsUntil, until) : now.getTime() };
      },
    }),
  );
}

export default fp(sharedPages, { name: 'shared-pages', dependencies: ['config', 'repositories'] });
