import * as z from 'zod/mini';
import { formActions, referencePattern, type PostedForm } from './form-posts.ts';

/**
 * The queries and path parts of the pages the server answers per request (issue 12: every
 * route declares its input). A page reads what it knows and ignores the rest: a part it
 * cannot use is dropped, never a 4xx, since a person followed the link.
 */
const lenient = <Schema extends z.ZodMiniType>(schema: Schema) => z.catch(z.optional(schema), undefined);

const postedForms = Object.keys(formActions) as [PostedForm, ...PostedForm[]];

/** The outcome page: which form was stored, and its reference. */
export const outcomeQuerySchema = z.object({
  form: lenient(z.enum(postedForms)),
  reference: lenient(z.string().check(z.regex(referencePattern))),
});

/**
 * The newsletter confirmation page: the token its email's link carries (D23, D36). The page
 * takes a token the service will refuse (a link a mail client mangled), so the visitor hears
 * why from the button, in plain words; only one past any real link's length is dropped.
 */
export const confirmPageQuerySchema = z.object({
  token: lenient(z.string().check(z.minLength(1), z.maxLength(2048))),
});

/** The preferences page: the unsubscribe link's parts (spec "Screens and routes"). */
export const preferencesPageParamsSchema = z.object({
  tracking_id: z.string().check(z.maxLength(500)),
  email: z.string().check(z.maxLength(500)),
  contact_id: z.string().check(z.maxLength(500)),
});

/** `hide_logo` (or `hideLogo`) on a preferences link. */
export const preferencesPageQuerySchema = z.object({
  hide_logo: lenient(z.string()),
  hideLogo: lenient(z.string()),
});

/** The page a demo booking's signed link opens (D32, D36); the token is checked by its signature. */
export const bookingPageQuerySchema = z.object({ token: lenient(z.string()) });
