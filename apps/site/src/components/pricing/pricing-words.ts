import type { Language } from '@growmail/contracts/language';

/**
 * What the plans island says, in each language (D37). The catalogue names its modules and
 * their features in English; a French page shows them by module code from here, and falls back
 * to the catalogue's words for a module this table does not know yet.
 */
export const pricingWords = {
  en: {
    currency: 'Currency',
    period: 'Billing period',
    periods: { month: 'Monthly', year: 'Annually' } as Record<string, string>,
    contacts: 'Contacts',
    show: 'Show prices',
    status: (currency: string, annually: boolean, bracket: string) =>
      `Prices in ${currency}, billed ${annually ? 'annually' : 'monthly'}, for ${bracket} contacts.`,
    currencies: {} as Record<string, string>,
    perYear: 'per year',
    perMonth: 'per month',
    perYearShort: '/yr',
    perMonthShort: '/mo',
    flexPitch: 'Pay as you send. Buy credits when you need them, with no monthly commitment.',
    per1000: 'per 1,000 credits',
    payAsYouGo: 'Pay as you go',
    askUs: 'Ask us',
    growthPitch: 'One subscription for your growing audience. Start with Campaigns and add what you need.',
    total: 'Total for your modules',
    modules: 'Modules',
    always: ' (always included)',
    adds: (features: readonly string[]) => `Adds ${features.join(', ').toLowerCase()}.`,
    regular: 'Regular price ',
    moduleNames: {} as Record<string, string>,
    moduleFeatures: {} as Record<string, readonly string[]>,
  },
  fr: {
    currency: 'Devise',
    period: 'Facturation',
    periods: { month: 'Mensuelle', year: 'Annuelle' } as Record<string, string>,
    contacts: 'Contacts',
    show: 'Afficher les prix',
    status: (currency: string, annually: boolean, bracket: string) =>
      `Prix en ${currency}, facturation ${annually ? 'annuelle' : 'mensuelle'}, pour ${bracket} contacts.`,
    currencies: {
      NGN: 'naira nigérian',
      USD: 'dollar US',
      KES: 'shilling kényan',
      GHS: 'cedi ghanéen',
      XOF: 'franc CFA (UEMOA)',
      XAF: 'franc CFA (CEMAC)',
    } as Record<string, string>,
    perYear: 'par an',
    perMonth: 'par mois',
    perYearShort: '/an',
    perMonthShort: '/mois',
    flexPitch: 'Payez ce que vous envoyez. Achetez des crédits quand vous en avez besoin, sans engagement mensuel.',
    per1000: 'pour 1\u00a0000 crédits',
    payAsYouGo: 'Sans engagement',
    askUs: 'Nous consulter',
    growthPitch: 'Un abonnement qui suit votre audience. Commencez par les campagnes, ajoutez ce qu’il vous faut.',
    total: 'Total de vos modules',
    modules: 'Modules',
    always: ' (toujours inclus)',
    adds: (features: readonly string[]) => `Ajoute : ${features.join(', ').toLowerCase()}.`,
    regular: 'Prix normal ',
    moduleNames: {
      campaign: 'Campagnes',
      automation: 'Automatisation marketing',
      transactional: 'Emails transactionnels',
      analytics: 'Analytique d’application',
    } as Record<string, string>,
    moduleFeatures: {
      automation: ['Parcours illimités', 'Éditeur visuel de parcours', 'Répondeurs automatiques avancés'],
      transactional: ['Emails transactionnels illimités', 'Capture automatique des abonnés'],
      analytics: ['Analyse d’événements', 'Comparaison d’événements', 'Analyse des visites de pages'],
    } as Record<string, readonly string[]>,
  },
} satisfies Record<Language, unknown>;

export type PricingWords = (typeof pricingWords)['en'];
