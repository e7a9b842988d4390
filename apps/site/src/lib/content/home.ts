import type { Language } from '@growmail/contracts/language';
import { alternatingSides, featureBlocksSchema, homeSchema } from '@growmail/contracts/content/schemas';

// The home page's copy is code, not a content file: the type checker sees its shape, and parsing
// applies the rules a type cannot (counts, blocks on alternating sides) when the build loads it.

/** The home page's copy (D4), from the facts of spec "Product", "Business constants". */
export const home = homeSchema.parse({
  heroLead:
    'Turn one-time buyers into loyal customers. Campaigns, automations, transactional email, SMS and web push that reach people at the right moment, and the analytics to see what works, all in one platform.',
  onboarding: [
    {
      title: 'Create a free account',
      description: 'Sign up in under 2 minutes. No card needed, and no sales call before you can try it.',
    },
    {
      title: 'Add your contacts',
      description:
        'Import a spreadsheet, connect your app through the API, or let sign-up forms capture subscribers for you.',
    },
    {
      title: 'Send your first campaign',
      description: 'Design it, preview it and send it. Your first 1,000 credits are on us.',
    },
  ],
  proof: [
    { value: '99.9%', label: 'of email delivered to the inbox' },
    { value: '16%', label: 'higher open rates with one-click resend' },
    { value: '90 days', label: 'of searchable delivery logs on Enterprise' },
    { value: 'Unlimited', label: 'transactional emails on every Growth plan' },
  ],
  closing: {
    title: 'Your next sale is already on your customer list.',
    lead: 'Start free with 1,000 credits, or let us show you around in a 30-minute demo.',
    cta: 'Create your free account',
  },
});

/** The four feature blocks on the home page, one per product. */
export const homeFeatures = featureBlocksSchema.parse(
  alternatingSides([
    {
      icon: 'megaphone',
      tagline: 'inbox',
      title: 'Campaigns that land in the inbox',
      description:
        'Design a campaign once and send it to thousands. We handle authentication, reputation and bounces, so your message reaches the inbox instead of the spam folder.',
      benefits: [
        '99.9% inbox delivery',
        'Drag-and-drop editor with mobile preview',
        'Resend to non-openers in one click',
        'Schedule sends for the best moment',
      ],
      colour: 'brand',
      highlight: { value: '99.9%', label: 'inbox delivery' },
      link: '/products/campaign',
      cta: 'Explore Broadcast Messaging',
    },
    {
      icon: 'workflow',
      tagline: 'channels',
      title: 'Journeys across every channel',
      description:
        'Welcome series, abandoned carts, win-backs: draw the journey in a visual builder and let each customer’s actions decide the next email, SMS or web push.',
      benefits: [
        'Visual workflow builder',
        'Triggers from events in your app or site',
        'Drip sequences with delays and branches',
        'Email, SMS and web push in one journey',
      ],
      colour: 'violet',
      highlight: { value: 'Unlimited', label: 'journeys on Growth' },
      link: '/products/automations',
      cta: 'Explore Marketing Automation',
    },
    {
      icon: 'send',
      tagline: 'personalisation',
      title: 'Transactional email that feels personal',
      description:
        'Receipts, password resets and alerts sent through our API in seconds, filled with each customer’s own details from templates your team can edit without a deploy.',
      benefits: [
        'Unlimited transactional emails',
        'Templates with placeholders for every field',
        'PDF attachments up to 1 MB',
        'Dedicated sending servers on Enterprise',
      ],
      colour: 'sky',
      highlight: { value: 'Seconds', label: 'from API call to inbox' },
      link: '/products/transactionals',
      cta: 'Explore Transactional Emails',
    },
    {
      icon: 'chart',
      tagline: 'report',
      title: 'Reports that show what drives revenue',
      description:
        'Follow every open, click and event from your app and website. Compare events side by side, see which pages people visit, and know which message brought them back.',
      benefits: [
        'Event analytics and comparisons',
        'Page-visit analytics for your website',
        'Delivery log searchable for 90 days on Enterprise',
        'Campaign reports you can share',
      ],
      colour: 'amber',
      highlight: { value: '90 days', label: 'of delivery logs on Enterprise' },
      link: '/products/analytics',
      cta: 'Explore App Analytics',
    },
  ]),
);

/** The home page's copy in French (D37): written for businesses in West and Central Africa, with *vous*. */
const homeFr = homeSchema.parse({
  heroLead:
    'Faites de vos clients d’un jour des clients fidèles. Campagnes, automatisation marketing, emails transactionnels, SMS et web push pour toucher chaque client au bon moment, avec l’analytique pour mesurer les résultats, sur une seule plateforme.',
  onboarding: [
    {
      title: 'Créez un compte gratuit',
      description: 'Inscrivez-vous en moins de deux minutes, sans carte bancaire ni appel commercial avant d’essayer.',
    },
    {
      title: 'Ajoutez vos contacts',
      description:
        'Importez un fichier Excel ou CSV, connectez votre application par l’API ou laissez vos formulaires d’abonnement recueillir de nouveaux contacts pour vous.',
    },
    {
      title: 'Envoyez votre première campagne',
      description: 'Créez-la, prévisualisez-la, envoyez-la. Vos 1\u202f000 premiers crédits sont offerts.',
    },
  ],
  proof: [
    { value: '99,9\u202f%', label: 'des emails livrés en boîte de réception' },
    { value: '+16\u202f%', label: 'd’ouvertures avec la relance en un clic' },
    { value: '90 jours', label: 'de journal d’envoi avec l’offre Enterprise' },
    { value: 'Sans limite', label: 'd’emails transactionnels avec l’offre Growth' },
  ],
  closing: {
    title: 'Votre prochaine vente est déjà dans votre liste de clients.',
    lead: 'Démarrez gratuitement avec 1\u202f000 crédits ou découvrez Growmail avec notre équipe lors d’une démo de 30 minutes.',
    cta: 'Créer votre compte gratuit',
  },
});

/** The home page's copy in each language. */
export const homeIn: Record<Language, typeof home> = { en: home, fr: homeFr };

/** The four feature blocks on the home page in French, linking to the French product pages. */
const homeFeaturesFr = featureBlocksSchema.parse(
  alternatingSides([
    {
      icon: 'megaphone',
      tagline: 'inbox',
      title: 'Des campagnes qui arrivent en boîte de réception',
      description:
        'Créez une campagne une fois et envoyez-la à des milliers de clients. Nous gérons l’authentification, la réputation et les rebonds\u202f: votre message arrive en boîte de réception, pas dans les spams.',
      benefits: [
        '99,9\u202f% des emails en boîte de réception',
        'Éditeur glisser-déposer avec aperçu mobile',
        'Relance des non-ouvreurs en un clic',
        'Envoi programmé au meilleur moment',
      ],
      colour: 'brand',
      highlight: { value: '99,9\u202f%', label: 'en boîte de réception' },
      link: '/fr/products/campaign',
      cta: 'Découvrir les campagnes email',
    },
    {
      icon: 'workflow',
      tagline: 'channels',
      title: 'Des parcours sur tous les canaux',
      description:
        'Bienvenue, panier abandonné, reconquête\u202f: dessinez le parcours dans l’éditeur visuel et laissez les actions de chaque client décider du prochain email, SMS ou web push.',
      benefits: [
        'Éditeur visuel de parcours',
        'Déclencheurs issus de votre application ou de votre site',
        'Séquences avec délais et embranchements',
        'Email, SMS et web push dans un même parcours',
      ],
      colour: 'violet',
      highlight: { value: 'Parcours', label: 'illimités avec l’offre Growth' },
      link: '/fr/products/automations',
      cta: 'Découvrir l’automatisation',
    },
    {
      icon: 'send',
      tagline: 'personalisation',
      title: 'Des emails transactionnels qui restent personnels',
      description:
        'Reçus, réinitialisations de mot de passe et alertes envoyés par notre API en quelques secondes, personnalisés avec les données de chaque client, à partir de modèles que votre équipe modifie sans redéploiement.',
      benefits: [
        'Emails transactionnels illimités',
        'Modèles avec variables pour chaque champ',
        'Pièces jointes PDF jusqu’à 1\u00a0Mo',
        'Serveurs d’envoi dédiés avec l’offre Enterprise',
      ],
      colour: 'sky',
      highlight: { value: 'En quelques secondes', label: 'de l’appel d’API à la boîte de réception' },
      link: '/fr/products/transactionals',
      cta: 'Découvrir les emails transactionnels',
    },
    {
      icon: 'chart',
      tagline: 'report',
      title: 'Des rapports qui montrent ce qui fait vendre',
      description:
        'Suivez chaque ouverture, chaque clic et chaque événement de votre application et de votre site. Comparez les événements, consultez les pages visitées et identifiez le message qui a fait revenir vos clients.',
      benefits: [
        'Analyse et comparaison d’événements',
        'Analyse des visites de votre site',
        'Journal d’envoi conservé 90 jours avec l’offre Enterprise',
        'Rapports de campagne à partager',
      ],
      colour: 'amber',
      highlight: { value: '90 jours', label: 'de journal d’envoi avec l’offre Enterprise' },
      link: '/fr/products/analytics',
      cta: 'Découvrir l’analytique',
    },
  ]),
);

/** The home page's feature blocks in each language. */
export const homeFeaturesIn: Record<Language, typeof homeFeatures> = { en: homeFeatures, fr: homeFeaturesFr };
