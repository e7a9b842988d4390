import {
  calculatorMessages,
  calculatorServices,
  estimateSavings,
  readCalculatorForm,
  recordedSavingsFigures,
  savingsLeadFor,
  type SavingsFigures,
} from '@growmail/contracts/calculator';
import { bookingFields, demoBookingRequestSchema, noSlot } from '@growmail/contracts/demo-booking';
import { enquiryFields, unsubscribePath } from '@growmail/contracts/form-fields';
import type { PostedForm } from '@growmail/contracts/form-posts';
import {
  captureQuerySchema,
  enquirySchema,
  newsletterConfirmSchema,
  unsubscribeQuerySchema,
} from '@growmail/contracts/forms';
import { savingsLeadSchema, startupLeadSchema } from '@growmail/contracts/leads';
import { savingsOutcomeIn } from '@growmail/contracts/catalogues';
import type { Language } from '@growmail/contracts/language';
import { messages } from '@growmail/contracts/messages';
import { serviceMessages } from '@growmail/contracts/service-messages';
import { newsletterConfirmPath, preferencesPath } from '@growmail/contracts/routes';
import { zoneInWords } from '@growmail/contracts/zone-names';
import type { FastifyInstance } from 'fastify';
import { describeSlot } from '../demos/slot-picker.ts';
import { safeParse } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';

type FieldPath = readonly PropertyKey[];

/** A post read into the service's body, or every problem found, each on its field. */
export type Reading = { ok: true; body: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/** The call to a guest service under this server that a native post becomes. */
export type ServiceCall = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: Record<string, unknown> };

/**
 * How one form's native post maps onto its JSON guest service (D30): the fields a visitor
 * fills in (kept when the page comes back), how they become the body the service takes (the
 * same check the browser makes, run first for every problem at once), and which field a
 * problem the service names belongs to.
 */
export type PostedFormDefinition = {
  /** The routes the form posts to; each is the page sent back with its problems. */
  pages: readonly string[];
  fields: readonly string[];
  /** Reads the fields as typed on a page in `language` (the calculator's numbers are written by language). */
  read: (fields: Record<string, string>, language: Language) => Reading;
  /** The service call the read body makes. */
  call: (body: Record<string, unknown>, app: FastifyInstance) => ServiceCall;
  /** The form field a problem at this path of the body belongs to. */
  fieldOf: (path: FieldPath) => string | undefined;
  /** Whether the post only asks to see the page again (the demo picker's "Show times"), storing nothing. */
  preview?: (posted: Record<string, unknown>) => boolean;
  /**
   * What the outcome page says once it is stored, given the submission's reference, in the
   * page's language: in English a catalogue holds, the caller says it in `language` (D37). The
   * calculator's adds its result's figures, which the page draws beside the sentence.
   */
  success: (app: FastifyInstance, reference: string | null, language: Language) => Said | Promise<Said>;
};

/** An outcome page's message, alone or with the calculator's figures. */
type Said = string | { message: string; savings: SavingsFigures };

type SavingsResult = { savings: number; figures: SavingsFigures | null };

const onlyFields = (fields: readonly string[], values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(fields.map((field) => [field, values[field] ?? '']));

const topLevel = (fields: readonly string[]) => (path: FieldPath) =>
  typeof path[0] === 'string' && fields.includes(path[0]) ? path[0] : undefined;

/** A reading by the service's own zod schema: the first problem on each field. */
const bySchema =
  (
    schema: $ZodType,
    body: (values: Record<string, string>) => Record<string, unknown>,
    fieldOf: (path: FieldPath) => string | undefined,
  ) =>
  (values: Record<string, string>): Reading => {
    const read = body(values);
    const checked = safeParse(schema, read);
    if (checked.success) return { ok: true, body: read };
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      const field = fieldOf(issue.path);
      if (field) errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  };

/** A `{type, metadata}` lead (D15): its problems are at `metadata.<field>`. */
function leadDefinition(
  type: 'demo' | 'startup',
  fields: readonly string[],
  rest: Pick<PostedFormDefinition, 'pages'> & { service: string; schema: $ZodType; success: string },
): PostedFormDefinition {
  const fieldOf = (path: FieldPath) => (path[0] === 'metadata' ? topLevel(fields)(path.slice(1)) : undefined);
  const body = (values: Record<string, string>) => ({ type, metadata: { type, ...onlyFields(fields, values) } });
  return {
    pages: rest.pages,
    call: (payload) => ({ method: 'POST', url: rest.service, payload }),
    fields,
    read: bySchema(rest.schema, body, fieldOf),
    fieldOf,
    success: () => rest.success,
  };
}

const leadFields = ['firstname', 'lastname', 'company_name', 'email', 'phone_number'] as const;

/**
 * The demo request, with a slot to book (D32): `slot` and `zone` join the lead's fields, and a
 * slot other than "none" becomes the body's `booking`. The service decides whether the slot is
 * on offer; its problems at `booking.slot` and `booking.zone` belong to those fields. The
 * outcome page names the time booked.
 */
function demoDefinition(): PostedFormDefinition {
  const own = [...leadFields, 'subscribers'] as const;
  const lead = leadDefinition('demo', own, {
    pages: ['/demo'],
    schema: demoBookingRequestSchema,
    service: '/services/users/demos',
    success: messages.demoSubmitted,
  });
  const fieldOf = (path: FieldPath) =>
    path[0] === 'booking' && (path[1] === 'slot' || path[1] === 'zone') ? path[1] : lead.fieldOf(path);
  const body = (values: Record<string, string>) => {
    const slot = values[bookingFields.slot] ?? '';
    return {
      type: 'demo',
      metadata: { type: 'demo', ...onlyFields(own, values) },
      ...(slot && slot !== noSlot ? { booking: { slot, zone: values[bookingFields.zone] ?? '' } } : {}),
    };
  };
  return {
    ...lead,
    fields: [...own, bookingFields.slot, bookingFields.zone],
    read: bySchema(demoBookingRequestSchema, body, fieldOf),
    fieldOf,
    preview: (posted) => posted[bookingFields.showTimes] !== undefined,
    // A request from an address that already holds a demo takes no slot (bookAlongside) but reads
    // the same, naming the time asked for: the page tells nothing about an address.
    success: async (app, reference, language) => {
      const booked = reference ? await app.demos.bookingOfLead(reference) : undefined;
      const asked = booked ? undefined : reference ? await askedSlot(app, reference) : undefined;
      const slot = booked ? { start: booked.starts_at, zone: booked.zone } : asked;
      if (!slot) return messages.demoSubmitted;
      const when = describeSlot(new Date(slot.start), slot.zone, language);
      const zone = zoneInWords(slot.zone, language);
      return language === 'fr'
        ? `Votre démo est réservée pour le ${when} (${zone}). Nous avons hâte d’échanger avec vous.`
        : `Your demo is booked for ${when} (${zone}). We look forward to speaking with you.`;
    },
  };
}
/** The slot a stored demo lead asked for, from its fields (`demo_start`, `demo_zone`). */
async function askedSlot(
  app: FastifyInstance,
  reference: string,
): Promise<{ start: string; zone: string } | undefined> {
  const lead = await app.leads.find(reference);
  const fields = lead ? (JSON.parse(lead.metadata) as { demo_start?: unknown; demo_zone?: unknown }) : {};
  return typeof fields.demo_start === 'string' && typeof fields.demo_zone === 'string'
    ? { start: fields.demo_start, zone: fields.demo_zone }
    : undefined;
}

const calculatorFields = ['customers', 'annualCost', 'email'] as const;

/**
 * The savings a stored (or held) savings lead recorded, for its outcome page, with the figures of
 * its picture when they are the calculator's own (`recordedSavingsFigures`).
 */
async function savingsOf(app: FastifyInstance, reference: string): Promise<SavingsResult | null> {
  const lead = await app.leads.find(reference);
  const held = lead ? undefined : await app.quarantine.find(reference);
  const recorded: unknown = lead ? JSON.parse(lead.metadata) : held?.fields;
  const savings = (recorded as { savings?: unknown } | undefined)?.savings;
  if (typeof savings !== 'number') return null;
  const checked = safeParse(savingsLeadSchema.shape.metadata, recorded);
  return { savings, figures: checked.success ? recordedSavingsFigures(checked.data) : null };
}

export const postedForms: Record<PostedForm, PostedFormDefinition> = {
  enquiry: {
    pages: ['/contact'],
    fields: enquiryFields,
    read: bySchema(enquirySchema, (values) => onlyFields(enquiryFields, values), topLevel(enquiryFields)),
    call: (payload) => ({ method: 'POST', url: '/services/users/guests/enquiry', payload }),
    fieldOf: topLevel(enquiryFields),
    success: () => serviceMessages.enquiryReceived,
  },
  demo: demoDefinition(),
  startup: leadDefinition('startup', [...leadFields, 'user_count', 'annual_budget'], {
    pages: ['/startup'],
    schema: startupLeadSchema,
    service: '/services/sales/leads',
    success: messages.startupSubmitted,
  }),
  // The calculator's answer is its result; the savings lead (D15) is stored on the way.
  savings: {
    pages: ['/calculator', '/calculator/calculate'],
    fields: [...calculatorFields, ...calculatorServices.map((service) => service.value)],
    read: (values, language) => {
      const services = Object.fromEntries(
        calculatorServices.map((service) => [service.value, Boolean(values[service.value])]),
      ) as Parameters<typeof savingsLeadFor>[0]['services'];
      // English words, said in the page's language at the edge like every form's (D37).
      const reading = readCalculatorForm(
        {
          customers: values.customers ?? '',
          annualCost: values.annualCost ?? '',
          email: values.email ?? '',
          services,
        },
        calculatorMessages,
        language,
      );
      if (!reading.ok)
        return { ok: false, errors: Object.fromEntries(reading.fields.map((field) => [field, reading.message])) };
      return { ok: true, body: savingsLeadFor(reading.value, estimateSavings(reading.value)) };
    },
    call: (payload) => ({ method: 'POST', url: '/services/sales/leads', payload }),
    fieldOf: (path) => (path[0] === 'metadata' && path[1] === 'email' ? 'email' : undefined),
    success: async (app, reference, language) => {
      const result = reference ? await savingsOf(app, reference) : null;
      if (result) {
        const message = savingsOutcomeIn(result.savings, language);
        return result.figures ? { message, savings: result.figures } : message;
      }
      return language === 'fr'
        ? 'Cette estimation est introuvable. Veuillez refaire le calcul.'
        : 'That estimate could not be found. Please use the calculator again.';
    },
  },
  // The footer's box, on every page: it posts its page's path, which the subscription records,
  // and its problems come back on the newsletter's own page (D35).
  newsletter: {
    pages: ['/newsletter'],
    fields: ['email', 'page'],
    read: bySchema(
      captureQuerySchema,
      (values) => ({ source: 'website-api', email: values.email, tags: 'subscriber', page: values.page || undefined }),
      topLevel(['email']),
    ),
    call: (query, app) => ({
      method: 'GET',
      url: `/services/users/api/contacts/${encodeURIComponent(app.config.siteApiKey)}/capture/?${new URLSearchParams(query as Record<string, string>)}`,
    }),
    fieldOf: topLevel(['email']),
    success: () => serviceMessages.confirmationSent,
  },
  // The token comes from the confirmation email's link, and the page carries it in the form (D23).
  confirm: {
    pages: [newsletterConfirmPath],
    fields: ['token'],
    read: bySchema(
      newsletterConfirmSchema,
      (values) => ({ token: values.token }),
      () => undefined,
    ),
    call: (payload) => ({ method: 'POST', url: '/services/users/newsletter/confirm', payload }),
    fieldOf: () => undefined,
    success: () => serviceMessages.subscribed,
  },
  // The unsubscribe link's parts travel in the form, never in the outcome's address (D17).
  preferences: {
    pages: [preferencesPath],
    fields: ['tracking_id', 'email', 'contact_id', 'scope'],
    read: (values) => {
      const query = { contact_email: values.email ?? '', contact_id: values.contact_id ?? '' };
      const checked = safeParse(unsubscribeQuerySchema, query);
      const trackingId = values.tracking_id ?? '';
      if (!checked.success || trackingId.split('.').length !== 4 || !['list', 'all'].includes(values.scope ?? ''))
        return { ok: false, errors: {} };
      return { ok: true, body: { path: unsubscribePath(trackingId, values.scope as 'list' | 'all'), ...query } };
    },
    call: ({ path, ...query }) => ({
      method: 'PUT',
      url: `/services/users/guests/unsubscribe/${String(path)}?${new URLSearchParams(query as Record<string, string>)}`,
    }),
    fieldOf: () => undefined,
    success: () => messages.preferencesSaved,
  },
};
