import { createHash, randomBytes } from 'node:crypto';

/** A secret for a link or a session cookie: 32 random bytes, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, so a copy of the table opens nothing (D41). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Whether text has a token's shape, before it is hashed and looked up. */
export const isToken = (text: unknown): text is string => typeof text === 'string' && /^[A-Za-z0-9_-]{43}$/.test(text);
