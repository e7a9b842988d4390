import * as z from 'zod/mini';
import { messages } from './messages.ts';

import { basicEmailPattern, hasControlCharacters } from './form-fields.ts';

export * from './form-fields.ts';

/**
 * The schemas of the users service's forms (spec §3, §5), written with zod/mini so the
 * browser can check a field with the same definition the server enforces, for a few KB.
 */

/** The one text rule of every field: no control characters (but tab and newline). */
const plainText = z.refine<string>((value) => !hasControlCharacters(value), messages.controlCharacters);

const required = (message: string, max = 200) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `At most ${max} characters.`), plainText);

/** Optional free text, such as a query parameter, under the same rule. */
const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max), plainText));

/** Spec §5: required, then a basic address pattern. */
export const formEmail = z
  .string({ error: messages.required.email })
  .check(
    z.trim(),
    z.minLength(1, messages.required.email),
    z.maxLength(254, messages.invalidEmail),
    z.regex(basicEmailPattern, messages.invalidEmail),
    plainText,
  );

export const enquirySchema = z.object({
  fullname: required(messages.required.fullname),
  email: formEmail,
  subject: required(messages.required.subject),
  body: required(messages.required.body, 5000),
});
export type Enquiry = z.infer<typeof enquirySchema>;

/** Demo request 'Number of users' (spec §3). */
export const demoSubscriberOptions = [
  { value: '0:100K', label: 'Less than 100K' },
  { value: '100K:250K', label: '100K - 250K' },
  { value: '250K:500K', label: '250K - 500K' },
  { value: '500K:1M', label: '500K - 1M' },
  { value: '1M:5M', label: '1M - 5M' },
  { value: '5M+', label: 'Greater than 5M' },
] as const;

/** Spec §5 shows no format checks on phone numbers: any typed number is kept (the server normalises it). */
export const phoneNumber = required(messages.required.phone_number, 40);

export const demoRequestSchema = z.object({
  type: z.literal('demo', { error: "type must be 'demo'." }),
  metadata: z.object({
    type: z.literal('demo', { error: "type must be 'demo'." }),
    firstname: required(messages.required.firstname),
    lastname: required(messages.required.lastname),
    company_name: required(messages.required.company_name),
    email: formEmail,
    phone_number: phoneNumber,
    subscribers: z.enum(
      demoSubscriberOptions.map((option) => option.value) as [string, ...string[]],
      messages.required.subscribers,
    ),
  }),
});
export type DemoRequest = z.infer<typeof demoRequestSchema>;

/** GET {users}/api/contacts/{api_key}/capture/?source=website-api&email=…&tags=subscriber (spec §7). */
export const captureQuerySchema = z.object({
  source: optionalText(100),
  email: formEmail,
  tags: optionalText(200),
  /** The page the visitor subscribed from, recorded with their consent (D23). */
  page: z.optional(z.string().check(z.maxLength(300), z.regex(/^\/[^\s]*$/, 'page must be a path.'), plainText)),
});

/** `POST {users}/newsletter/confirm`: the signed token from the confirmation email's link (D23). */
export const newsletterConfirmSchema = z.object({
  token: z
    .string({ error: messages.badConfirmationLink })
    .check(z.maxLength(300, messages.badConfirmationLink), z.regex(/^[A-Za-z0-9._-]+$/, messages.badConfirmationLink)),
});

/** Spec §7: the unsubscribe call's query. */
export const unsubscribeQuerySchema = z.object({
  contact_email: formEmail,
  contact_id: z
    .string({ error: 'contact_id is required.' })
    .check(z.minLength(1, 'contact_id is required.'), z.maxLength(100), plainText),
});
