import { catalogueFor } from '@growmail/contracts/catalogues';
import { bookingFields } from '@growmail/contracts/demo-booking';
import type { Language } from '@growmail/contracts/language';
import { bookingPageQuerySchema } from '@growmail/contracts/page-queries';
import { zoneInWords } from '@growmail/contracts/zone-names';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import { trackingSecret } from '../secrets.ts';
import { sendFreshPage } from '../site/fresh-page.ts';
import { sendBuiltPage } from '../site/send-file.ts';
import { webForm } from '../lib/web-form.ts';
import { dataAccess } from '../repositories/index.ts';
import { refusalMessage } from '../form-posts/refusals.ts';
import { bookedDemo } from './booked-demo.ts';
import { cancelBooking, rescheduleBooking } from './change-booking.ts';
import { manageBookingPath, readBookingToken } from './links.ts';
import { slotPicker } from './page.ts';
import { chosenStart, describeSlot } from './slot-picker.ts';
import { canonicalZone } from './slots.ts';

/** What the page says, in the language the demo was booked in (D37). */
export const pageMessages = {
  en: {
    badLink: 'This link is not valid. Open the link in your booking email, or write to us.',
    cancelled: 'This demo was cancelled, so it cannot be changed. You can book another on our demo page.',
    past: 'This demo has taken place, so it cannot be changed.',
    chooseTime: 'Choose the time to move your demo to.',
    repeated: 'Each field may be sent once. Please send the form again from its page.',
    booked: (when: string, host: string) => `Your demo is booked for ${when}, with ${host}.`,
  },
  fr: {
    badLink: 'Ce lien n’est pas valide. Ouvrez le lien de votre email de réservation ou écrivez-nous.',
    cancelled:
      'Cette démo a été annulée\u202f: elle ne peut plus être modifiée. Vous pouvez en réserver une autre sur notre page de démo.',
    past: 'Cette démo a déjà eu lieu\u202f: elle ne peut plus être modifiée.',
    chooseTime: 'Choisissez un nouveau créneau pour votre démo.',
    repeated: 'Chaque champ ne peut être envoyé qu’une fois. Veuillez renvoyer le formulaire depuis sa page.',
    booked: (when: string, host: string) => `Votre démo est réservée pour le ${when}, avec ${host}.`,
  },
} satisfies Record<Language, unknown>;

type PageState = {
  status: string;
  /** The form is shown, with the link's token, only for a booking that can still change. */
  token?: string;
  zone?: string;
  /** The slot posted, shown marked when it was taken first. */
  slot?: string;
  errors?: Partial<Record<'slot' | 'zone', string>>;
  alert?: string;
  /** The language the demo was booked in (D37); English when no booking is known. */
  language?: Language;
};

/** The booking's page, rendered for one answer: what the booking is, and its form while it can change. */
async function sendPage(app: FastifyInstance, reply: FastifyReply, code: number, state: PageState) {
  const served = {
    values: { zone: state.zone ?? '', slot: state.slot ?? '' },
    errors: state.errors ?? {},
    ...(state.alert ? { alert: state.alert } : {}),
  };
  const picker = state.token ? await slotPicker(app, served) : undefined;
  const page = await app.site.render('booking', {
    language: state.language ?? 'en',
    booking: { status: state.status, token: state.token },
    form: served,
    ...(picker ? { picker } : {}),
  });
  return sendFreshPage(reply.code(code), page);
}

/** What the page says of a booking, and whether it can change. */
async function describeBooking(app: FastifyInstance, id: string, now: Date) {
  const booking = await app.demos.booking(id);
  if (!booking) return { status: pageMessages.en.badLink, live: false, zone: undefined, language: 'en' as const };
  const { language } = booking;
  const said = pageMessages[language];
  if (booking.status !== 'booked') return { status: said.cancelled, live: false, zone: booking.zone, language };
  if (Date.parse(booking.starts_at) <= now.getTime())
    return { status: said.past, live: false, zone: booking.zone, language };
  const demo = await bookedDemo(app.demos, app.config, id);
  const when = `${describeSlot(demo.start, demo.prospect.zone, language)} (${zoneInWords(demo.prospect.zone, language)})`;
  return { status: said.booked(when, demo.host.name), live: true, zone: booking.zone, language };
}

/** The booking a request's token names, or null for a token that was not made here. */
async function bookingOf(app: FastifyInstance, token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || token.length > 200) return null;
  return readBookingToken(await trackingSecret(app, app.config), token);
}

/**
 * The page a booking's signed link opens, and its form, with JavaScript or without (D32,
 * D30): GET shows the booking and, while it can change, the open slots to move it to; POST
 * moves it (`rescheduleBooking`) or cancels it (`cancelBooking`) and answers 303 to the same
 * link, which then shows the outcome. A token that was not made here gets 403; a cancelled
 * or past booking shows why it cannot change, and a post to change it gets 409. A post refused
 * before it is read (not a web form, too large, too many) gets its 4xx and the page saying why.
 */
export function manageBookingPages(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(manageBookingPath, { schema: { querystring: bookingPageQuerySchema } }, async (request, reply) => {
      const { token } = request.query;
      // Without a link's token the page is the same for everyone: sent as built (D35).
      if (token === undefined) return sendBuiltPage(request, reply, manageBookingPath);
      const id = await bookingOf(app, token);
      if (!id) return sendPage(app, reply, 403, { status: pageMessages.en.badLink });
      const booking = await describeBooking(app, id, new Date());
      return sendPage(app, reply, 200, {
        status: booking.status,
        language: booking.language,
        ...(booking.live ? { token, ...(booking.zone ? { zone: booking.zone } : {}) } : {}),
      });
    });

  app.post(
    manageBookingPath,
    {
      config: { rateLimit: { max: app.config.rateLimitPerMinute, timeWindow: 60_000, hook: 'preHandler' } },
      errorHandler: (error: FastifyError, request, reply) => {
        const status = error.statusCode ?? 500;
        if (status >= 500) throw error;
        request.log.info({ status, code: error.code }, 'booking post refused');
        return sendPage(app, reply, status, { status: refusalMessage(status) });
      },
    },
    async (request: FastifyRequest, reply) => {
      const posted = webForm(request.body);
      const { token } = posted;
      const id = await bookingOf(app, token);
      if (!id || typeof token !== 'string') return sendPage(app, reply, 403, { status: pageMessages.en.badLink });
      const now = new Date();
      const booking = await describeBooking(app, id, now);
      const { language } = booking;
      if (!booking.live) return sendPage(app, reply, 409, { status: booking.status, language });
      const zoneField = posted[bookingFields.zone];
      const shown = {
        status: booking.status,
        token,
        zone: typeof zoneField === 'string' ? zoneField : booking.zone,
        language,
      };
      if (Object.values(posted).some(Array.isArray))
        return sendPage(app, reply, 400, { ...shown, alert: pageMessages[language].repeated });
      if (posted[bookingFields.showTimes] !== undefined) return sendPage(app, reply, 200, shown);
      const again = () =>
        reply.header('cache-control', 'no-store').redirect(`${manageBookingPath}?token=${token}`, 303);

      if (posted.action === 'cancel') {
        // The prospect's own change: no audit row, as the audit is of the team's changes (D41).
        await cancelBooking(dataAccess(app.db), app.config, id, now, 'prospect');
        app.demoPage.changed();
        app.outbox.nudge();
        app.deliverWebhooks();
        return again();
      }
      const zone = canonicalZone(String(posted[bookingFields.zone] ?? ''));
      const words = catalogueFor(language).bookingMessages;
      if (!zone) return sendPage(app, reply, 400, { ...shown, errors: { zone: words.zoneInvalid } });
      const start = chosenStart(String(posted[bookingFields.slot] ?? ''));
      if (!start) return sendPage(app, reply, 400, { ...shown, errors: { slot: pageMessages[language].chooseTime } });
      const moved = await rescheduleBooking(dataAccess(app.db), app.config, id, start, now, 'prospect');
      // Moved, or a slot found taken: either way this server's /demo shows the change next.
      if (moved === 'moved' || moved === 'gone') app.demoPage.changed();
      if (moved === 'moved') {
        app.outbox.nudge();
        app.deliverWebhooks();
        return again();
      }
      // Already at that time: nothing was written and nobody is mailed.
      if (moved === 'unchanged') return again();
      if (moved === 'unchangeable' || typeof moved === 'object')
        return sendPage(app, reply, 409, { status: (await describeBooking(app, id, now)).status, language });
      const message = moved === 'gone' ? words.slotGone : words.slotUnknown;
      const slot = start.toISOString();
      return sendPage(app, reply, moved === 'gone' ? 409 : 400, { ...shown, zone, slot, errors: { slot: message } });
    },
  );
}
