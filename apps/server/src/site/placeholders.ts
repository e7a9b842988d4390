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

export function substitute(text: string, substitutions: readonly Substitution[]): string {
  let result = text;
  for (const [from, to] of substitutions) result = result.replaceAll(from, to);
  return result;
}
