import type { PricingWords } from '@/components/pricing/pricing-words';

/** The plans island's words on the French pages (D37), passed as props so only those pages carry them. */
export const pricingWordsFr: PricingWords = {
  currency: 'Devise',
  period: 'Facturation',
  periods: { month: 'Mensuelle', year: 'Annuelle' },
  contacts: 'Contacts',
  show: 'Afficher les tarifs',
  status: 'Tarifs en {currency}, facturation {billed}, {bracket}.',
  bracketPhrases: {
    first: 'jusqu’à {max} contacts',
    range: 'de {min} à {max} contacts',
    last: '{min} contacts et plus',
  },
  billed: { month: 'mensuelle', year: 'annuelle' },
  currencies: {
    NGN: 'nairas nigérians',
    USD: 'dollars US',
    KES: 'shillings kényans',
    GHS: 'cedis ghanéens',
    XOF: 'francs CFA de l’UEMOA',
    XAF: 'francs CFA de la CEMAC',
  },
  // The two CFA francs by their regions (D43): the code alone does not tell a reader in Douala which is theirs.
  currencyChoices: {
    XOF: 'FCFA – UEMOA (XOF)',
    XAF: 'FCFA – CEMAC (XAF)',
  },
  perYear: 'par an',
  perMonth: 'par mois',
  perYearShort: '/an',
  perMonthShort: '/mois',
  flexPitch: 'Vous ne payez que vos envois. Achetez des crédits au fil de vos besoins, sans engagement mensuel.',
  per1000: 'pour 1\u202f000 crédits',
  payAsYouGo: 'Sans engagement',
  askUs: 'Nous consulter',
  growthPitch:
    'Un abonnement qui suit le nombre de vos contacts. Commencez par les campagnes, ajoutez ce qu’il vous faut.',
  total: 'Total de vos modules',
  modules: 'Modules',
  always: ' (toujours incluses)',
  adds: 'Inclut\u202f: {features}.',
  regular: 'Prix normal ',
  moduleNames: {
    campaign: 'Campagnes',
    automation: 'Automatisation marketing',
    transactional: 'Emails transactionnels',
    analytics: 'Analytique d’application',
  },
  moduleFeatures: {
    automation: ['Parcours illimités', 'Éditeur visuel de parcours', 'Répondeurs automatiques avancés'],
    transactional: ['Emails transactionnels illimités', 'Collecte automatique des abonnés'],
    analytics: ['Analyse d’événements', 'Comparaison d’événements', 'Analyse des visites de pages'],
  },
};
