import * as z from 'zod/mini';

/**
 * A web form's fields as @fastify/formbody reads them: each one text, or a list when the form
 * sent its name more than once.
 */
const webFormSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type WebForm = z.infer<typeof webFormSchema>;

/**
 * The fields of a posted web form, read by the route that answers it field by field (a native
 * form's page, a booking's page, Try it); anything else posted, or nothing, is a form with no fields.
 */
export function webForm(body: unknown): WebForm {
  const read = webFormSchema.safeParse(body);
  return read.success ? read.data : {};
}
