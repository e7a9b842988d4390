import {
  calculatorMessages,
  formatDollars,
  savingsOutcome as savingsOutcomeEnglish,
  showsSavings,
} from './calculator.ts';
import { bookingMessages } from './demo-booking.ts';
import { defaultLanguage, isLanguage, type Language, type Wording } from './language.ts';
import { messages, tooLongMessage, type Messages } from './messages.ts';
import { messagesFr } from './messages-fr.ts';
import { serviceMessages, type ServiceMessages } from './service-messages.ts';
import { serviceMessagesFr } from './service-messages-fr.ts';

/**
 * Every catalogue of words by language (D37), for the server and for pages as they are built.
 * An island never imports this module: its page hands it the one catalogue it needs, so the
 * script of an English page carries no French (the byte budgets).
 */

/** The locale `Intl` formats a language's dates, times and numbers in. */
export const intlLocales: Record<Language, string> = { en: 'en-GB', fr: 'fr' };

const frenchNumber = new Intl.NumberFormat('fr', { maximumFractionDigits: 2 });

export const calculatorMessagesFr = {
  missing: 'Veuillez remplir tous les champs.',
  customers: 'Le nombre de clients doit être un nombre entier compris entre 1 et 1\u00a0milliard.',
  annualCost: `Le coût annuel actuel doit être compris entre ${frenchNumber.format(0.01)} et 1\u202f000\u00a0milliards de dollars US.`,
  email: messagesFr.invalidEmail,
  ambiguous:
    'Un nombre comme 1,500 ou 1.500 peut se lire de deux façons\u202f: un et demi, ou mille cinq cents. Veuillez le réécrire en séparant les milliers par un espace, ou sans séparateur\u202f: 1\u202f500 ou 1500.',
} as const satisfies Wording<typeof calculatorMessages>;

export const bookingMessagesFr = {
  slotRequired: 'Choisissez un créneau ou cochez «\u202fAucun de ces créneaux ne me convient\u202f».',
  slotUnknown: 'Ce créneau n’est pas proposé. Choisissez l’un des créneaux affichés.',
  slotGone: 'Désolé, ce créneau vient d’être réservé par quelqu’un d’autre. Choisissez-en un autre.',
  zoneInvalid: 'Choisissez un fuseau horaire dans la liste.',
  noTimes: 'Aucun créneau n’est libre dans les deux prochaines semaines. Envoyez votre demande et nous vous écrirons.',
  timesUnavailable:
    'Les créneaux ne peuvent pas s’afficher pour le moment. Envoyez votre demande et nous vous écrirons.',
  tooManyToday:
    'Plus aucune démo ne peut être réservée depuis cette connexion aujourd’hui. Choisissez «\u202fAucun de ces créneaux ne me convient\u202f» et nous vous écrirons pour convenir d’un moment.',
} as const satisfies Wording<typeof bookingMessages>;

/** One language's words: what the forms, the services, the calculator and the demo picker say. */
export type Catalogue = {
  messages: Messages;
  serviceMessages: ServiceMessages;
  calculatorMessages: Wording<typeof calculatorMessages>;
  bookingMessages: Wording<typeof bookingMessages>;
};

export const catalogues: Record<Language, Catalogue> = {
  en: { messages, serviceMessages, calculatorMessages, bookingMessages },
  fr: {
    messages: messagesFr,
    serviceMessages: serviceMessagesFr,
    calculatorMessages: calculatorMessagesFr,
    bookingMessages: bookingMessagesFr,
  },
};

export const catalogueFor = (language: Language | undefined): Catalogue => catalogues[language ?? defaultLanguage];

/** Every text of a catalogue at its key's path: `messages.required.user_count` → its words. */
export function textsByKey(catalogue: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof catalogue === 'string') into.set(path, catalogue);
  else if (catalogue && typeof catalogue === 'object')
    for (const [key, value] of Object.entries(catalogue)) textsByKey(value, path ? `${path}.${key}` : key, into);
  return into;
}

const keyedTexts: Record<Language, Map<string, string>> = {
  en: textsByKey(catalogues.en),
  fr: textsByKey(catalogues.fr),
};

/** The keys that hold each English text: two fields may share words (the demo's and startup's user count). */
const keysOfEnglish = new Map<string, string[]>();
for (const [key, text] of keyedTexts.en) keysOfEnglish.set(text, [...(keysOfEnglish.get(text) ?? []), key]);

/** The key an English text was said from: the one of `field`'s name when several hold it. */
function keyOf(text: string, field: string | undefined): string | undefined {
  const keys = keysOfEnglish.get(text);
  return keys?.find((key) => field !== undefined && key.endsWith(`.${field}`)) ?? keys?.[0];
}

const tooLongPattern = new RegExp(`^${tooLongMessage(messages, 0).replace('0', '(\\d+)').replaceAll('.', '\\.')}$`);

/**
 * A message the shared schemas or services wrote in English, in `language`: the shared zod
 * schemas carry the English words, and the server says them in the request's language at its
 * edge. The words are found by their catalogue key: a field's error is the one at that field's
 * key, so two fields that share English words keep their own translations; a text said without a
 * field is found by its English, which the catalogues' test keeps from naming two translations.
 * A field error keeps its path ("metadata.email: …"), whose last name is the field; a text no
 * catalogue holds stays as it is.
 */
export function translated(text: string, language: Language | undefined, field?: string): string {
  if (!language || language === defaultLanguage) return text;
  const key = keyOf(text, field);
  const known = key === undefined ? undefined : keyedTexts[language].get(key);
  if (known !== undefined) return known;
  const tooLong = tooLongPattern.exec(text);
  if (tooLong)
    return tooLongMessage(catalogues[language].messages, Number(tooLong[1])).replace(
      tooLong[1]!,
      frenchNumber.format(Number(tooLong[1])),
    );
  const path = /^([\w]+(?:\.[\w]+)*): (.+)$/s.exec(text);
  if (path) {
    const message = translated(path[2]!, language, path[1]!.split('.').at(-1));
    if (message !== path[2]) return `${path[1]}: ${message}`;
  }
  return text;
}

/**
 * The language an `Accept-Language` header prefers among the site's (D37): the highest weight,
 * the earlier on a tie; English when it names neither. `fr-CI` counts as French.
 */
export function preferredLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  let best: { language: Language; weight: number } | undefined;
  for (const part of header.split(',').slice(0, 30)) {
    const [tag = '', ...parameters] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { language: primary, weight };
  }
  return best?.language ?? defaultLanguage;
}

/** The calculator's result in one sentence (D30's outcome), in `language`; dollars as the spec defines. */
export function savingsOutcomeIn(savings: number, language: Language | undefined): string {
  if (language !== 'fr') return savingsOutcomeEnglish(savings);
  return showsSavings(savings)
    ? `Vous pouvez économiser jusqu’à ${formatDollars(savings, 'fr')} chaque année en confiant vos messages à Growmail.`
    : 'Vos coûts actuels sont déjà bien maîtrisés. Une démo peut tout de même vous montrer ce qu’apporte une seule plateforme pour tous vos messages.';
}
