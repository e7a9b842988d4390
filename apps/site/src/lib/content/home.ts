import { alternatingSides, featureBlocksSchema, homeSchema } from './schemas';

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
    { value: '90 days', label: 'of searchable delivery logs' },
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
        'Delivery log searchable for 90 days',
        'Campaign reports you can share',
      ],
      colour: 'amber',
      highlight: { value: '90 days', label: 'of delivery logs' },
      link: '/products/analytics',
      cta: 'Explore App Analytics',
    },
  ]),
);
