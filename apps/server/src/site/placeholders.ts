import {
  optionalAttribute,
  runtimeUrlNames,
  standInOrigin,
  standIns,
  type OptionalName,
} from '@growmail/contracts/runtime';
import type { Config } from '../config.ts';

export type Substitution = [from: string | RegExp, to: string];

// An optional paragraph (D34) keeps its content and loses its marker when its setting is set,
// and goes whole when it is not. A paragraph holds no paragraph, so its first `</p>` is its own.
const shown = (name: OptionalName): Substitution => [` ${optionalAttribute}="${name}"`, ''];
const removed = (name: OptionalName): Substitution => [
  new RegExp(`<p ${optionalAttribute}="${name}"[^>]*>[\\s\\S]*?</p>`, 'g'),
  '',
];

/** Each stand-in the site was built with (packages/contracts/src/runtime.ts), and the configured value it becomes (D21). */
export function substitutionsFor(config: Config): Substitution[] {
  const whatsApp: Substitution[] = config.whatsAppNumber
    ? [[standIns.whatsAppDigits, config.whatsAppNumber.slice(1)], shown('whatsapp')]
    : [removed('whatsapp')];
  return [
    ...runtimeUrlNames.map((name): Substitution => [standInOrigin(name), config.urls[name]]),
    [standIns.siteApiKey, config.siteApiKey],
    [standIns.audienceId, config.audienceId],
    ...whatsApp,
  ];
}

/**
 * The text with every stand-in replaced, in one pass over it: the pages hold about 5 MB of HTML,
 * and a pass per substitution was most of the time an app took to load the site. Where two
 * would match at one place, the first listed wins.
 */
export function substitute(text: string, substitutions: readonly Substitution[]): string {
  if (substitutions.length === 0) return text;
  const { pattern, values } = combined(substitutions);
  return text.replace(pattern, (...match) => {
    const groups = match.at(-1) as Record<string, string | undefined>;
    const at = Object.keys(groups).findIndex((name) => groups[name] !== undefined);
    return values[at]!;
  });
}

const combinedOf = new WeakMap<readonly Substitution[], { pattern: RegExp; values: string[] }>();

/** One pattern for all the substitutions, each its own named group, made once per list. */
function combined(substitutions: readonly Substitution[]) {
  let found = combinedOf.get(substitutions);
  if (!found) {
    const sources = substitutions.map(([from], at) => {
      const source = typeof from === 'string' ? from.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') : from.source;
      return `(?<s${at}>${source})`;
    });
    found = { pattern: new RegExp(sources.join('|'), 'g'), values: substitutions.map(([, to]) => to) };
    combinedOf.set(substitutions, found);
  }
  return found;
}
