import * as z from 'zod/mini';
import { enquiryMaxLengths } from './form-fields.ts';
import { demoSubscriberOptions } from './form-options.ts';
import { messages } from './messages.ts';
import { email, optionalLanguage, optionalText, optionValue, plainText, requiredText } from './primitives.ts';

/**
 * The schemas of the users service's forms (Entities, Validation rules), built from the
 * shared primitives so the browser checks a field with the same definition the server
 * enforces, for a few KB.
 */

export const enquirySchema = z.object({
  fullname: requiredText(messages.required.fullname, enquiryMaxLengths.fullname),
  email: email(),
  subject: requiredText(messages.required.subject, enquiryMaxLengths.subject),
  body: requiredText(messages.required.body, enquiryMaxLengths.body),
  language: optionalLanguage(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

/** The forms check no phone format: any typed number is kept (the server normalises it). */
export const phoneNumber = () => requiredText(messages.required.phone_number, 40);

export const demoRequestSchema = z.object({
  type: z.literal('demo', { error: "type must be 'demo'." }),
  metadata: z.object({
    type: z.literal('demo', { error: "type must be 'demo'." }),
    firstname: requiredText(messages.required.firstname),
    lastname: requiredText(messages.required.lastname),
    company_name: requiredText(messages.required.company_name),
    email: email(),
    phone_number: phoneNumber(),
    subscribers: optionValue(demoSubscriberOptions, messages.required.subscribers),
  }),
  language: optionalLanguage(),
});

/** GET {users}/api/contacts/{api_key}/capture/?source=website-api&email=…&tags=subscriber (spec "Calls made"). */
export const captureQuerySchema = z.object({
  source: optionalText(100),
  email: email(),
  tags: optionalText(200),
  /** The page the visitor subscribed from, recorded with their consent (D23). */
  page: z.optional(z.string().check(z.maxLength(300), z.regex(/^\/[^\s]*$/, 'page must be a path.'), plainText())),
  /** The membership keeps it for every later mail and the preferences page (D37). */
  language: optionalLanguage(),
});

/** `POST {users}/newsletter/confirm`: the signed token from the confirmation email's link (D23). */
export const newsletterConfirmSchema = z.object({
  token: z
    .string({ error: messages.badConfirmationLink })
    .check(z.maxLength(300, messages.badConfirmationLink), z.regex(/^[A-Za-z0-9._-]+$/, messages.badConfirmationLink)),
  language: optionalLanguage(),
});

/** Spec "Calls made": the unsubscribe call's query. */
export const unsubscribeQuerySchema = z.object({
  contact_email: email(),
  contact_id: z
    .string({ error: 'contact_id is required.' })
    .check(z.minLength(1, 'contact_id is required.'), z.maxLength(100), plainText()),
});

/** The capture call's path: the site's public API key. */
export const captureParamsSchema = z.object({ api_key: z.string().check(z.maxLength(200)) });

/** The unsubscribe call's path: the four parts of a tracking id (D17). */
export const unsubscribeParamsSchema = z.object({
  list: z.string().check(z.maxLength(200)),
  ref: z.string().check(z.maxLength(200)),
  issued: z.string().check(z.maxLength(200)),
  signature: z.string().check(z.maxLength(200)),
});
