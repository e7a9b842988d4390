/**
 * A submission's idempotency key (D39): made on the visitor's device once per submission, never
 * in a page's bytes (D35), and sent again with every try of that submission. The server stores
 * one submission per key for `idempotencyKeyLifetimeMs`, so a replay or a double press never
 * makes two leads. A JSON call sends it in the `Idempotency-Key` header; a native post (or the
 * site's worker replaying one) in the hidden field or the header. No schema library here, so a
 * page's script may import it; the schemas are in idempotency-schema.ts.
 */
export const idempotencyKeyHeader = 'idempotency-key';

/** The hidden field a native post carries the key in. */
export const idempotencyKeyField = 'idempotency_key';

/** How long a key holds its submission, on the server and on the device. */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;

export const idempotencyMessages = {
  invalid: 'The Idempotency-Key must be 16 to 64 letters, digits, hyphens or underscores.',
  reused:
    'This submission key was already used for a different submission. Send your details again as a new submission.',
} as const;
