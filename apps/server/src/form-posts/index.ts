import formbody from '@fastify/formbody';
import type { ApiResponse } from '@growmail/contracts/api';
import {
  formStampField,
  honeypotField,
  parseFieldError,
  type SubmissionAccepted,
} from '@growmail/contracts/form-fields';
import { translated } from '@growmail/contracts/catalogues';
import {
  formNameField,
  languageField,
  outcomePath,
  type FormPageState,
  type PostedForm,
} from '@growmail/contracts/form-posts';
import { isLanguage, type Language } from '@growmail/contracts/language';
import { idempotencyKeyField, idempotencyKeyHeader } from '@growmail/contracts/idempotency';
import { type OnDemandView } from '@growmail/contracts/on-demand';
import {
  confirmPageQuerySchema,
  outcomeQuerySchema,
  preferencesPageParamsSchema,
  preferencesPageQuerySchema,
} from '@growmail/contracts/page-queries';
import { messages } from '@growmail/contracts/messages';
import { newsletterConfirmPath, preferencesPath } from '@growmail/contracts/routes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import { firstTouchSchema, pageContextSchema } from '@growmail/contracts/lead-source';
import { firstTouchField, firstTouchHeader, formPageField, pageContextHeader } from '@growmail/contracts/page-context';
import { isCountedPath } from '@growmail/contracts/visits';
import { refererPage, siteOf } from '../visits/counted-view.ts';
import { webForm, type WebForm } from '../lib/web-form.ts';
import { formBodyLimit } from '../plugins/protection.ts';
import { clientErrorMessage, logClientError, retryAfterSeconds, serverErrorMessage } from '../services/errors.ts';
import { sendFreshPage } from '../site/fresh-page.ts';
import { sendBuiltPage } from '../site/send-file.ts';
import { manageBookingPages } from '../demos/manage-page.ts';
import { slotPicker } from '../demos/page.ts';
import { postedForms, type PostedFormDefinition } from './forms.ts';
import { decodeListId } from '../services/users/tracking.ts';
import { postMessages, refusalMessage } from './refusals.ts';
import { formStampNow } from './stamp.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The form a native post route answers for, the page that holds it, and the language of its path. */
    postedForm?: { form: PostedForm; page: string; language: Language };
  }
}

/**
 * The native posts of the site's forms (D30): each form posts to its own page, with JavaScript
 * or without. The post is checked with the form's shared schema (every problem at once), then
 * handed to the form's JSON guest service through `app.inject`, so it gets exactly the JSON
 * call's protections: rate limit, spam screening, storing once, mail and webhooks. Stored, it
 * is answered `303 See Other` to the outcome page; otherwise the form's page comes back with
 * the problems and everything typed (the GOV.UK pattern), with the status the service gave.
 */
async function formPosts(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: formBodyLimit });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const posted = request.routeOptions.config.postedForm;
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'native form post failed');
      return reply.code(500).type('text/plain; charset=utf-8').send('Internal server error\n');
    }
    if (!posted) {
      logClientError(request, error, status);
      return reply
        .code(status)
        .type('text/plain; charset=utf-8')
        .send(`${clientErrorMessage(error)}\n`);
    }
    const { form } = posted;
    request.log.info({ status, code: error.code, form }, 'native form post refused');
    const fields = webForm(request.body);
    const language = postLanguage(fields, posted.language);
    const alert = refusalMessage(status, language);
    const values = typedValues(form, fields);
    return sendFormPage(app, reply, status, { form, page: posted.page, language }, { values, errors: {}, alert });
  });

  for (const [form, definition] of Object.entries(postedForms) as Array<[PostedForm, PostedFormDefinition]>) {
    for (const [path, page, language] of definition.pages.flatMap((page) => languagePaths(page))) {
      app.post(
        path,
        {
          bodyLimit: formBodyLimit,
          config: {
            postedForm: { form, page, language },
            // After the body is read, so a visitor who is told to wait keeps what they typed.
            rateLimit: { max: app.config.rateLimitPerMinute, timeWindow: 60_000, hook: 'preHandler' },
          },
        },
        async (request, reply) => answerPost(app, request, reply, { form, page, language }, definition),
      );
    }
  }

  linkPages(app);
  manageBookingPages(app);

  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, , language] of languagePaths(outcomePath)) {
    routes.get(path, { schema: { querystring: outcomeQuerySchema } }, async (request, reply) => {
      const { form, reference = null } = request.query;
      // Naming no form, it is the same page for everyone: sent as built (D35).
      if (!form) return sendBuiltPage(request, reply, app.site.page(path) ? path : outcomePath);
      const said = await postedForms[form].success(app, reference, language);
      const { message, savings } = typeof said === 'string' ? { message: said, savings: undefined } : said;
      const outcome = { message: translated(message, language), reference, ...(savings ? { savings } : {}) };
      const page = await app.site.render('sent', { outcome, language });
      return sendFreshPage(reply, page);
    });
  }
}

/** The prefix of the French pages (D37): the same paths after it. */
const frenchPrefix = '/fr';

/** A page's path in each language, with the page itself and the language: `/contact` and `/fr/contact`. */
const languagePaths = (page: string): Array<[string, string, Language]> => [
  [page, page, 'en'],
  [`${frenchPrefix}${page}`, page, 'fr'],
];

/** The language a native post names in its hidden field (D37); else its path's. */
function postLanguage(posted: WebForm, pathLanguage: Language): Language {
  const named = posted[languageField];
  return isLanguage(named) ? named : pathLanguage;
}

async function answerPost(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { form: PostedForm; page: string; language: Language },
  definition: PostedFormDefinition,
) {
  const { form } = target;
  const posted = webForm(request.body);
  const language = postLanguage(posted, target.language);
  const values = typedValues(form, posted);
  const sent = { form, page: target.page, language };
  const refuse = (alert: string) => sendFormPage(app, reply, 400, sent, { values, errors: {}, alert });
  const said = postMessages[language];
  if (Object.values(posted).some(Array.isArray)) return refuse(said.duplicate);
  if (posted[formNameField] !== form) return refuse(said.wrongForm);
  // The demo picker's "Show times": the page again, in the zone chosen, with nothing stored or checked.
  if (definition.preview?.(posted)) return sendFormPage(app, reply, 200, sent, { values, errors: {} });

  const fields = Object.fromEntries(definition.fields.map((field) => [field, String(posted[field] ?? '').trim()]));
  const reading = definition.read(fields, language);
  if (!reading.ok) {
    const errors = Object.fromEntries(
      Object.entries(reading.errors).map(([field, message]) => [field, translated(message, language, field)]),
    );
    return sendFormPage(app, reply, 400, sent, {
      values,
      errors,
      ...(Object.keys(errors).length ? {} : { alert: translated(messages.formFailed, language) }),
    });
  }

  const signals = Object.fromEntries(
    [honeypotField, formStampField].flatMap((name) => (typeof posted[name] === 'string' ? [[name, posted[name]]] : [])),
  );
  const call = definition.call(reading.body, app);
  // The device's key for this submission (D39): the site's worker sends it as a header, a form
  // may carry it as a field; the service checks it (`keyedHeadersSchema`).
  const key = request.headers[idempotencyKeyHeader] ?? posted[idempotencyKeyField];
  // The page the form was on (a French page's form posts to the English address): from the
  // Referer when it names a page; from the field the site's worker adds to a post it sends or
  // replays (D39), whose Referer is the worker; else the post's address.
  const referred = refererPage(request, siteOf(app))?.pathname;
  const formPage = posted[formPageField];
  const page =
    referred && app.site.hasPage(referred)
      ? referred
      : typeof formPage === 'string' && pageContextSchema.safeParse(formPage).success && app.site.hasPage(formPage)
        ? formPage
        : request.url.split('?', 1)[0] || '/';
  // The device's first landing, added by the page's script (first-touch.tsx, issue 40). One the service would refuse
  // is left out: a visitor cannot mend their device's storage, and their lead is what matters.
  const touch = posted[firstTouchField];
  const firstTouch = typeof touch === 'string' && firstTouchSchema.safeParse(touch).success ? touch : undefined;
  const answer = await app.inject({
    method: call.method,
    url: call.payload ? call.url : withQuery(call.url, signals),
    ...(call.payload ? { payload: { ...call.payload, ...signals } } : {}),
    remoteAddress: request.ip,
    headers: {
      ...(call.payload ? { 'content-type': 'application/json' } : {}),
      'user-agent': request.headers['user-agent'] ?? '',
      // The service answers, stores and mails in the page's language (D37).
      'accept-language': language,
      ...(typeof key === 'string' ? { [idempotencyKeyHeader]: key } : {}),
      // The page the form was posted from: a lead's source is the site, with its visit (D42).
      ...(isCountedPath(page)
        ? { [pageContextHeader]: page, ...(firstTouch && { [firstTouchHeader]: firstTouch }) }
        : {}),
    },
  });
  const result = answer.json<ApiResponse<Partial<SubmissionAccepted>>>();
  if (answer.statusCode < 300 && result.payload) {
    const query = new URLSearchParams({ form });
    if (typeof result.payload.id === 'string') query.set('reference', result.payload.id);
    const outcome = `${language === 'fr' ? frenchPrefix : ''}${outcomePath}`;
    return reply.header('cache-control', 'no-store').redirect(`${outcome}?${query}`, 303);
  }
  // The service answered in the page's language; a text it did not say is put in it here.
  const error = translated(result.error ?? messages.formFailed, language);
  if (answer.statusCode >= 500) {
    if (answer.statusCode === 503) reply.header('retry-after', String(retryAfterSeconds));
    const alert = answer.statusCode === 503 ? error : translated(serverErrorMessage, language);
    return sendFormPage(app, reply, 503, sent, { values, errors: {}, alert });
  }
  // A refusal for now (the demo's daily cap) tells the browser when to ask again, as the JSON call does.
  const retryAfter = answer.headers['retry-after'];
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  const named = parseFieldError(error);
  const field = named ? definition.fieldOf(named.path) : undefined;
  const state: FormPageState =
    named && field
      ? { values, errors: { [field]: named.message } }
      : { values, errors: {}, alert: named?.message ?? error };
  return sendFormPage(app, reply, answer.statusCode, sent, state);
}

const withQuery = (url: string, fields: Record<string, unknown>) =>
  Object.keys(fields).length === 0
    ? url
    : `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(fields as Record<string, string>)}`;

/** What the visitor typed into the form's own fields (and the link's parts a page carries), to put back. */
function typedValues(form: PostedForm, posted: WebForm): FormPageState['values'] {
  const definition = postedForms[form];
  return Object.fromEntries(
    definition.fields.flatMap((field) => {
      const value = posted[field];
      return typeof value === 'string' ? [[field, value]] : [];
    }),
  );
}

/** The view Astro renders on demand for a form's page with its problems (D35), by the page's path. */
const onDemandViewOf: Partial<Record<string, OnDemandView>> = {
  '/contact': 'contact',
  '/demo': 'demo',
  '/startup': 'startup',
  '/calculator': 'calculator',
  '/calculator/calculate': 'calculate',
  '/newsletter': 'newsletter',
  [newsletterConfirmPath]: 'confirm',
  [preferencesPath]: 'preferences',
};

/** The form's page, rendered with the problems, a fresh form stamp, and never cached. */
async function sendFormPage(
  app: FastifyInstance,
  reply: FastifyReply,
  status: number,
  { page, language }: { form: PostedForm; page: string; language: Language },
  state: FormPageState,
) {
  const view = onDemandViewOf[page]!;
  const picker = view === 'demo' ? await slotPicker(app, state) : undefined;
  const stamp = (await formStampNow(app)) ?? '';
  const rendered = await app.site.render(view, { form: state, stamp, language, ...(picker ? { picker } : {}) });
  return sendFreshPage(reply.code(status), rendered);
}

/** `hide_logo` (or `hideLogo`) on a preferences link: any value but false or 0 hides the logo (spec "Screens and routes"). */
const hidesLogo = (query: { hide_logo?: string | undefined; hideLogo?: string | undefined }) => {
  const flag = query.hide_logo ?? query.hideLogo;
  return flag !== undefined && flag !== 'false' && flag !== '0';
};

/**
 * The two pages a personal link opens, written with what the link carries so their forms post
 * without JavaScript (D30): the confirmation page with its token, the preferences page with the
 * unsubscribe link's parts. Never cached: each is one person's.
 */
function linkPages(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, page, language] of languagePaths(newsletterConfirmPath)) {
    routes.get(path, { schema: { querystring: confirmPageQuerySchema } }, async (request, reply) => {
      const { token } = request.query;
      // Without a link's token the page is the same for everyone: sent as built (D35).
      if (!token) return sendBuiltPage(request, reply, app.site.page(path) ? path : page);
      return sendFormPage(app, reply, 200, { form: 'confirm', page, language }, { values: { token }, errors: {} });
    });
  }
  // The spec's link names no language: the page is in the one the membership was asked for in (D37).
  routes.get(
    '/unsubscription/:tracking_id/:email/:contact_id',
    { schema: { params: preferencesPageParamsSchema, querystring: preferencesPageQuerySchema } },
    async (request, reply) => {
      const values = { ...request.params, ...(hidesLogo(request.query) ? { hide_logo: '1' } : {}) };
      const language = await membershipLanguage(app, request.params.tracking_id, request.params.contact_id);
      const target = { form: 'preferences' as const, page: preferencesPath, language };
      return sendFormPage(app, reply, 200, target, { values, errors: {} });
    },
  );
}

/**
 * The language of the membership an unsubscribe link names: its list is the tracking id's
 * first part (D17). English when it cannot be read: the database away, or no such membership.
 * The link's signature is checked when the form is sent, not here: the page shows nothing of it.
 */
async function membershipLanguage(app: FastifyInstance, trackingId: string, contactId: string): Promise<Language> {
  const listId = decodeListId(trackingId.split('.')[0] ?? '');
  if (listId === null || !app.db.status.ready) return 'en';
  try {
    return (await app.memberships.languageOf(listId, contactId)) ?? 'en';
  } catch (error) {
    app.log.warn({ err: error }, 'the membership’s language could not be read');
    return 'en';
  }
}

/** Registered in its own scope: it reads web forms only, and answers its errors as pages. */
export default formPosts;
