import * as z from 'zod/mini';
import { idempotencyKeyHeader, idempotencyMessages } from './idempotency.ts';
import { firstTouchSchema, pageContextSchema } from './lead-source.ts';
import { firstTouchHeader, pageContextHeader } from './page-context.ts';

/** 16 to 64 URL-safe characters: a UUID from `crypto.randomUUID()` fits. */
const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, idempotencyMessages.invalid));

/**
 * A lead service's headers: the key when there is one, the page the site's form is on when the
 * site sent it and the device's first landing when its script kept one (a lead's source, D42),
 * every other header kept as sent.
 */
export const keyedHeadersSchema = z.looseObject({
  [idempotencyKeyHeader]: z.optional(idempotencyKeySchema),
  [pageContextHeader]: z.optional(pageContextSchema),
  [firstTouchHeader]: z.optional(firstTouchSchema),
});
