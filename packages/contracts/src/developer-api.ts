import { z } from 'zod';
import { emailSchema, plainText } from './leads.ts';

/**
 * The objects of the documented public API (spec §3, §5): contacts, automation events and
 * transactional sends. The OpenAPI document under apps/site/content describes the same rules,
 * and a test parses every example it shows with these schemas so the two cannot drift.
 */

export const genders = ['male', 'female'] as const;

/** 1 MB, the largest attachment the API accepts (spec §5, §9). */
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
const boundedNumber = z.number().min(-1e15).max(1e15);

const keyValue = z.record(
  plainText(z.string().max(100)),
  z.union([plainText(z.string().max(2000)), boundedNumber, z.boolean(), z.null()]),
  'must be an object of key-value pairs',
);
const optionalText = plainText(z.string().trim().max(200)).optional();

export const contactSchema = z.object({
  email: emailSchema,
  firstname: optionalText,
  lastname: optionalText,
  gender: z.enum(genders, { error: "gender must be 'male' or 'female'." }).optional(),
  date_of_birth: z
    .string()
    .regex(dateOfBirthPattern, 'date_of_birth must be a date written mm-dd-YYYY.')
    .refine(isCalendarDay, 'date_of_birth must be a real date.')
    .optional(),
  phone_number: plainText(z.string().trim().max(40)).optional(),
  address: z
    .object({
      street: optionalText,
      state: optionalText,
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, 'address.country must be a two-letter ISO 3166-1 country code such as NG.')
        .optional(),
    })
    .optional(),
  extra_data: keyValue.optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const automationEventSchema = z.object({
  event_code: z
    .string({ error: 'event_code is required.' })
    .regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'event_code must be lowercase letters, digits, dot, dash or underscore.'),
  contact_email: emailSchema,
  context: keyValue.optional(),
});
export type AutomationEvent = z.infer<typeof automationEventSchema>;

/** Bytes a base64 string decodes to. */
export const base64Bytes = (value: string) => {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.floor((value.length * 3) / 4) - padding;
};

export const attachmentSchema = z
  .object({
    filename: z.string({ error: 'filename is required.' }).trim().min(1, 'filename is required.').max(255),
    contentType: z.enum(attachmentContentTypes, { error: 'contentType must be application/pdf.' }),
    path: z.url({ protocol: /^https$/, error: 'path must be an https URL.' }).optional(),
    content: z
      .string()
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'content must be base64.')
      .refine((value) => base64Bytes(value) <= maxAttachmentBytes, 'An attachment may be at most 1 MB.')
      .optional(),
    encoding: z.literal('base64', { error: "encoding must be 'base64'." }).optional(),
  })
  .refine((attachment) => Boolean(attachment.path) !== Boolean(attachment.content), {
    message: 'Give an attachment either content or path.',
  });

export const transactionalSchema = z.object({
  template_code: z.string({ error: 'template_code is required.' }).trim().min(1, 'template_code is required.').max(100),
  recipient_email: emailSchema,
  bcc: z.array(emailSchema).max(20).optional(),
  html: z.string().max(500_000).optional(),
  data: keyValue.optional(),
  attachments: z.array(attachmentSchema).max(10).optional(),
});
export type Transactional = z.infer<typeof transactionalSchema>;
