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
  customers: `Le nombre de clients doit être un nombre entier de 1 à ${frenchNumber.format(1_000_000_000)}.`,
  annualCost: `Le coût annuel actuel doit être un montant de ${frenchNumber.format(0.01)} à ${frenchNumber.format(1_000_000_000_000)} dollars US.`,
  email: messagesFr.invalidEmail,
} as const satisfies Wording<typeof calculatorMessages>;

export const bookingMessagesFr = {
  slotRequired: 'Choisissez un horaire, ou «\u202fAucun de ces horaires ne me convient\u202f».',
  slotUnknown: 'Cet horaire n’est pas proposé. Choisissez l’un des horaires affichés.',
  slotGone: 'Désolé, quelqu’un vient de réserver cet horaire. Choisissez-en un autre.',
  zoneInvalid: 'Choisissez un fuseau horaire dans la liste.',
  noTimes: 'Aucun horaire n’est libre dans les deux prochaines semaines. Envoyez votre demande, nous vous écrirons.',
  timesUnavailable: 'Les horaires ne peuvent pas s’afficher pour le moment. Envoyez votre demande, nous vous écrirons.',
  tooManyToday:
    'Plus aucune démo ne peut être réservée depuis cette connexion aujourd’hui. Choisissez «\u202fAucun de ces horaires ne me convient\u202f» et nous vous écrirons pour convenir d’un moment.',
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

/** Pairs each English text with the text at the same key of the other catalogue. */
function pairTexts(english: unknown, other: unknown, into: Map<string, string>): Map<string, string> {
  if (typeof english === 'string' && typeof other === 'string') {
    // Two keys may share English words (the demo's and startup's user count): the first keeps them.
    if (!into.has(english)) into.set(english, other);
  } else if (english && other && typeof english === 'object' && typeof other === 'object') {
    for (const key of Object.keys(english)) pairTexts(english[key as never], other[key as never], into);
  }
  return into;
}

const translations: Record<Language, Map<string, string>> = {
  en: new Map(),
  fr: pairTexts(catalogues.en, catalogues.fr, new Map()),
};

const tooLongPattern = new RegExp(`^${tooLongMessage(messages, 0).replace('0', '(\\d+)').replaceAll('.', '\\.')}$`);

/**
 * A message the shared schemas or services wrote in English, in `language`: the shared zod
 * schemas carry the English words, and the server says them in the request's language at its
 * edge. A field error keeps its path ("metadata.email: …"); a text no catalogue holds stays as it is.
 */
export function translated(text: string, language: Language | undefined): string {
  if (!language || language === defaultLanguage) return text;
  const known = translations[language].get(text);
  if (known !== undefined) return known;
  const tooLong = tooLongPattern.exec(text);
  if (tooLong)
    return tooLongMessage(catalogues[language].messages, Number(tooLong[1])).replace(
      tooLong[1]!,
      frenchNumber.format(Number(tooLong[1])),
    );
  const field = /^([\w]+(?:\.[\w]+)*): (.+)$/s.exec(text);
  if (field) {
    const message = translated(field[2]!, language);
    if (message !== field[2]) return `${field[1]}: ${message}`;
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
    : 'Votre configuration actuelle est déjà rentable. Une démo peut tout de même vous montrer ce qu’apporte une seule plateforme pour tous vos messages.';
}
