import { createHmac, timingSafeEqual } from 'node:crypto';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { linkifyit } from 'linkify-it';

/**
 * Why a lead form's submission looks automated. Any one of them sends it to the quarantine,
 * where it waits, unseen by sales, for a person to release it or for 30 days to pass.
 */
export type SpamReason = 'honeypot' | 'no_stamp' | 'too_fast' | 'disposable_address' | 'mostly_links';

/** Each reason as the quarantine list prints it. */
export const reasonText: Record<SpamReason, string> = {
  honeypot: 'filled the hidden field',
  no_stamp: 'no valid form stamp',
  too_fast: 'sent faster than a person could fill it in',
  disposable_address: 'a throwaway email domain',
  mostly_links: 'a message that is mostly links',
};

/** A stamp dated this far ahead of the server's clock is not one we issued (servers drift a little). */
const allowedSkewMs = 60_000;

const stampSignature = (secret: string, issued: string) =>
  createHmac('sha256', secret).update(`form-stamp\n${issued}`).digest('base64url').slice(0, 32);

/**
 * A form stamp, `{issued}.{signature}`: the time the form appeared, signed so a bot cannot
 * backdate one. It names nobody and is not secret; it only proves when it was issued.
 */
export function mintFormStamp(secret: string, issuedAt = new Date()): string {
  const issued = issuedAt.getTime().toString(36);
  return `${issued}.${stampSignature(secret, issued)}`;
}

/** When a stamp we signed was issued, or null when it is missing, forged, from the future or older than `maxAgeMs`. */
export function stampIssuedAt(secret: string, stamp: unknown, now = new Date(), maxAgeMs = Infinity): Date | null {
  if (typeof stamp !== 'string' || stamp.length > 100) return null;
  const [issued = '', signature = ''] = stamp.split('.');
  const expected = Buffer.from(stampSignature(secret, issued));
  const given = Buffer.from(signature);
  if (!/^[0-9a-z]{1,12}$/.test(issued) || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return null;
  }
  const at = new Date(Number.parseInt(issued, 36));
  if (at.getTime() > now.getTime() + allowedSkewMs || now.getTime() - at.getTime() > maxAgeMs) return null;
  return at;
}

// The community-kept disposable-email-domains list, read once.
const disposableDomains = disposableEmailBlocklistSet();

/** Whether the address's domain, or a domain above it (mail.yopmail.com), hands out throwaway inboxes. */
export function isDisposableAddress(email: string): boolean {
  const labels = email.trim().toLowerCase().split('@').at(-1)!.split('.');
  return labels.some((_, index) => index < labels.length - 1 && disposableDomains.has(labels.slice(index).join('.')));
}

// Bare domains (spam.example) count too, not only http:// links.
const linkify = linkifyit({ fuzzyLink: true });

/**
 * Whether links make up most of a message: more than half its visible characters are inside
 * web addresses or email links. A message that mentions a site in a sentence is not.
 */
export function isMostlyLinks(text: string): boolean {
  const matches = linkify.match(text) ?? [];
  if (matches.length === 0) return false;
  const linked = matches.reduce((sum, match) => sum + match.raw.replace(/\s/g, '').length, 0);
  return linked * 2 > text.replace(/\s/g, '').length;
}

export type Screening = {
  /** The hidden field came filled in. */
  honeypot: boolean;
  /** The form stamp the request carried, if any. */
  stamp: unknown;
  /** The stamp's signing secret. */
  secret: string;
  /** The least time a person takes to fill the form in; 0 turns the stamp check off. */
  minFillMs: number;
  /** The oldest stamp still taken (`formStampMaxAgeMs`); an older one is no stamp. */
  maxStampAgeMs: number;
  email: string;
  /** The free-text fields a person writes in their own words (an enquiry's message). */
  texts: string[];
  now?: Date;
};

/** Every reason the submission looks automated; empty for one that looks like a person's. */
export function screen(input: Screening): SpamReason[] {
  const now = input.now ?? new Date();
  const reasons: SpamReason[] = [];
  if (input.honeypot) reasons.push('honeypot');
  if (input.minFillMs > 0) {
    const issued = stampIssuedAt(input.secret, input.stamp, now, input.maxStampAgeMs);
    if (!issued) reasons.push('no_stamp');
    else if (now.getTime() - issued.getTime() < input.minFillMs) reasons.push('too_fast');
  }
  if (isDisposableAddress(input.email)) reasons.push('disposable_address');
  if (input.texts.some(isMostlyLinks)) reasons.push('mostly_links');
  return reasons;
}
