/**
 * The rules every form and service checks, as plain functions with no schema library, so any
 * page can carry them for a few hundred bytes. The zod/mini schemas are built on these same
 * functions in primitives.ts: each rule is written once.
 */

/** The forms' "basic email pattern" (Validation rules): something, @, something, a dot, something; no spaces. */
export const basicEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address SMTP can carry (RFC 5321). */
export const maxEmailLength = 254;

/**
 * Characters no text field accepts: the C0 controls but tab and newline (a carriage return
 * only as part of CRLF), DEL and the C1 controls. They have no place in a name or a message,
 * PostgreSQL refuses NUL, and in an operator's terminal they can recolour or retitle it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const controlCharacterPattern = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;
export const hasControlCharacters = (value: string): boolean => controlCharacterPattern.test(value);

/** Whether trimmed text is an email address the forms and services accept. */
export const isEmail = (text: string): boolean =>
  text.length <= maxEmailLength && basicEmailPattern.test(text) && !hasControlCharacters(text);

/** Rounds to cents, half away from zero, without binary surprises (0.00083 × 1000 is 0.83, not 0.8300000000000001). */
export function roundMoney(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const cents = Math.round(Math.abs(Number((amount * 100).toPrecision(15))));
  const rounded = (Math.sign(amount) * cents) / 100;
  return rounded === 0 ? 0 : rounded;
}

const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * '₦1,000.00', '$0.83', 'Ksh80.00': an amount as the spec writes it in English, its symbol
 * against the number, to the cent. Here rather than with the pricing rules so the calculator,
 * in the forms' script on every page, carries no currency table.
 */
export function formatCents(amount: number, symbol: string): string {
  const rounded = roundMoney(amount);
  return `${rounded < 0 ? '-' : ''}${symbol}${cents.format(Math.abs(rounded))}`;
}

/** Emails are kept trimmed and lower-case: one person, one contact. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
