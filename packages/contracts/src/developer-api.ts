import * as z from 'zod/mini';
import { boundedNumber, email, optionalText, plainText, requiredText } from './primitives.ts';

/**
 * The objects of the documented public API (spec "Entities", "Validation rules"): contacts, automation events and
 * transactional sends. The OpenAPI document under apps/site/src/content describes the same rules,
 * and a test parses every example it shows with these schemas so the two cannot drift.
 */

export const genders = ['male', 'female'] as const;

/** 1 MB, the largest attachment the API accepts (spec "Validation rules", "Business constants"). */
export const maxAttachmentBytes = 1024 * 1024;
export const attachmentContentTypes = ['application/pdf'] as const;

/** mm-dd-YYYY, and a real calendar day. */
export const dateOfBirthPattern = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{4}$/;
const isCalendarDay = (value: string) => {
  const [month, day, year] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** Numbers anyone may send are finite and bounded, so nothing downstream meets 1e300. */
const anyNumber = () => boundedNumber(-1e15, 1e15);

const keyValue = () =>
  z.optional(
    z.record(
      z.string().check(z.maxLength(100), plainText()),
      z.union([z.string().check(z.maxLength(2000), plainText()), anyNumber(), z.boolean(), z.null()]),
      'must be an object of key-value pairs',
    ),
  );

export const contactSchema = z.object({
  email: email(),
  firstname: optionalText(),
  lastname: optionalText(),
  gender: z.optional(z.enum(genders, { error: "gender must be 'male' or 'female'." })),
  date_of_birth: z.optional(
    z
      .string()
      .check(
        z.regex(dateOfBirthPattern, 'date_of_birth must be a date written mm-dd-YYYY.'),
        z.refine(isCalendarDay, 'date_of_birth must be a real date.'),
      ),
  ),
  phone_number: optionalText(40),
  address: z.optional(
    z.object({
      street: optionalText(),
      state: optionalText(),
      country: z.optional(
        z
          .string()
          .check(z.regex(/^[A-Z]{2}$/, 'address.country must be a two-letter ISO 3166-1 country code such as NG.')),
      ),
    }),
  ),
  extra_data: keyValue(),
});
export type Contact = z.infer<typeof contactSchema>;

export const automationEventSchema = z.object({
  event_code: z
    .string({ error: 'event_code is required.' })
    .check(
      z.regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'event_code must be lowercase letters, digits, dot, dash or underscore.'),
    ),
  contact_email: email(),
  context: keyValue(),
});

/** Bytes a base64 string decodes to. */
export const base64Bytes = (value: string) => {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.floor((value.length * 3) / 4) - padding;
};

export const attachmentSchema = z
  .object({
    filename: requiredText('filename is required.', 255),
    contentType: z.enum(attachmentContentTypes, { error: 'contentType must be application/pdf.' }),
    path: z.optional(z.url({ protocol: /^https$/, error: 'path must be an https URL.' })),
    content: z.optional(
      z.string().check(
        z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'content must be base64.'),
        z.refine((value) => base64Bytes(value) <= maxAttachmentBytes, 'An attachment may be at most 1 MB.'),
      ),
    ),
    encoding: z.optional(z.literal('base64', { error: "encoding must be 'base64'." })),
  })
  .check(
    z.refine((attachment) => Boolean(attachment.path) !== Boolean(attachment.content), {
      message: 'Give an attachment either content or path.',
    }),
  );

export const transactionalSchema = z.object({
  template_code: requiredText('template_code is required.', 100),
  recipient_email: email(),
  bcc: z.optional(z.array(email()).check(z.maxLength(20))),
  html: z.optional(z.string().check(z.maxLength(500_000))),
  data: keyValue(),
  attachments: z.optional(z.array(attachmentSchema).check(z.maxLength(10))),
});
