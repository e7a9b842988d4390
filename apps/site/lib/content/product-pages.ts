import type { ProductSlug } from '@growmail/contracts/routes';
import type * as z from 'zod/mini';
import { alternatingSides, productPageSchema, type FeatureBlockInput } from './schemas';
import { validContent } from './validate';

type PageCopy = Omit<z.input<typeof productPageSchema>, 'blocks'> & {
  blocks: Omit<FeatureBlockInput, 'link' | 'cta' | 'direction'>[];
};

/** A product page's copy, checked; every block of it invites the visitor to sign up. */
const productPage = (slug: ProductSlug, page: PageCopy) =>
  validContent(`product-pages.ts (${slug})`, productPageSchema, {
    ...page,
    blocks: alternatingSides(page.blocks.map((block) => ({ ...block, link: 'register', cta: 'Get started free' }))),
  });

/** Each product page's hero and four feature blocks (spec "Screens and routes", Feature pages). */
export const productPages = {
  campaign: productPage('campaign', {
    eyebrow: 'Email campaigns',
    headline: 'Send campaigns people open, read and act on.',
    lead: 'Design beautiful emails without code, send them to the right segment at the right time, and win back everyone who missed them.',
    metaDescription:
      'Design and send email campaigns that land in the inbox, then resend to anyone who did not open, with one click.',
    blocks: [
      {
        icon: 'inbox',
        tagline: 'inbox',
        title: 'Built to reach the inbox',
        description:
          'Authenticated sending domains, carefully kept server reputation and automatic bounce handling mean your campaign is seen, not filtered.',
        benefits: [
          '99.9% inbox delivery',
          'SPF, DKIM and DMARC set up with you',
          'Bounced addresses removed automatically',
        ],
        colour: 'brand',
        highlight: { value: '99.9%', label: 'inbox delivery' },
      },
      {
        icon: 'layers',
        tagline: 'channels',
        title: 'One message, every channel',
        description:
          'Pair a campaign with an SMS reminder or a web push notification, and reach customers wherever they pay attention.',
        benefits: [
          'Email, SMS and web push from one place',
          'One contact list for every channel',
          'Unsubscribes honoured everywhere',
        ],
        colour: 'violet',
        highlight: { value: '3', label: 'channels, one audience' },
      },
      {
        icon: 'users',
        tagline: 'personalisation',
        title: 'Personal at any size',
        description:
          'Segment by behaviour, purchase history or any field you store, then fill each email with the details that make it feel written for one person.',
        benefits: [
          'Segments that update themselves',
          'Personal fields in subject and body',
          'Drag-and-drop editor with mobile preview',
        ],
        colour: 'sky',
        highlight: { value: '16%', label: 'higher open rates' },
      },
      {
        icon: 'repeat',
        tagline: 'report',
        title: 'See the result, then improve it',
        description:
          'Live reports show opens, clicks and revenue as they happen. When opens are low, resend to non-openers with a fresh subject line in one click.',
        benefits: [
          'Opens, clicks and unsubscribes live',
          'One-click resend to non-openers',
          'Delivery log searchable for 90 days',
        ],
        colour: 'amber',
        highlight: { value: '1 click', label: 'to resend to non-openers' },
      },
    ],
  }),
  automations: productPage('automations', {
    eyebrow: 'Marketing automation',
    headline: 'Journeys that react to every customer.',
    lead: 'Draw a journey once and let it run: welcome new sign-ups, rescue abandoned carts and win back quiet customers while you work on everything else.',
    metaDescription:
      'Build drip campaigns and event-triggered journeys in a visual builder, across email, SMS and web push.',
    blocks: [
      {
        icon: 'inbox',
        tagline: 'inbox',
        title: 'The right email, right on time',
        description:
          'Automated messages go out the moment a customer acts, through the same trusted infrastructure as every Growmail campaign.',
        benefits: [
          'Sent within seconds of the trigger',
          '99.9% inbox delivery',
          'Quiet hours so nobody is woken at 3 a.m.',
        ],
        colour: 'brand',
        highlight: { value: '99.9%', label: 'inbox delivery' },
      },
      {
        icon: 'workflow',
        tagline: 'channels',
        title: 'A visual builder for every channel',
        description:
          'Drag steps onto a canvas: wait, branch, send an email, an SMS or a web push. Anyone on the team can read the journey at a glance.',
        benefits: ['Visual workflow builder', 'Delays, conditions and branches', 'Unlimited journeys on Growth'],
        colour: 'violet',
        highlight: { value: 'Unlimited', label: 'journeys' },
      },
      {
        icon: 'mouse-pointer',
        tagline: 'personalisation',
        title: 'Triggered by what customers do',
        description:
          'Send events from your app or website through our API and start journeys from them: a first purchase, a trial ending, a feature never used.',
        benefits: ['Event-triggered automation', 'Advanced autoresponders', 'Each contact’s data in every message'],
        colour: 'sky',
        highlight: { value: 'Any', label: 'event from your app' },
      },
      {
        icon: 'chart',
        tagline: 'report',
        title: 'Know which step works',
        description:
          'Every step shows how many people reached it, opened, clicked and converted, so you can see where a journey leaks and fix it.',
        benefits: [
          'Conversion by journey step',
          'Compare versions of a journey',
          'Delivery log searchable for 90 days',
        ],
        colour: 'amber',
        highlight: { value: 'Per step', label: 'conversion reports' },
      },
    ],
  }),
  transactionals: productPage('transactionals', {
    eyebrow: 'Transactional email',
    headline: 'Receipts, resets and alerts in seconds.',
    lead: 'Send the emails your product depends on through one simple API, with templates your team edits without a deploy and no limit on volume.',
    metaDescription:
      'Unlimited transactional email through a simple API: templates, placeholders, attachments and a 90-day delivery log.',
    blocks: [
      {
        icon: 'send',
        tagline: 'inbox',
        title: 'Fast, and in the inbox',
        description:
          'Password resets cannot wait in a queue. Transactional email travels on its own priority path and reaches the inbox in seconds.',
        benefits: ['99.9% inbox delivery', 'Dedicated sending servers on Enterprise', 'Unlimited transactional emails'],
        colour: 'brand',
        highlight: { value: 'Unlimited', label: 'transactional emails' },
      },
      {
        icon: 'code',
        tagline: 'channels',
        title: 'One API call to send',
        description:
          'POST a template code, a recipient and the data to fill in. Our documented REST API works from any language, with clear errors when something is missing.',
        benefits: [
          'Simple REST API with bearer keys',
          'PDF attachments up to 1 MB',
          'BCC and custom HTML when you need them',
        ],
        colour: 'violet',
        highlight: { value: '1', label: 'API call per email' },
      },
      {
        icon: 'sparkles',
        tagline: 'personalisation',
        title: 'Templates your team can edit',
        description:
          'Marketing polishes the words and design in the editor; developers send the data. Placeholders fill in names, amounts and links for each customer.',
        benefits: ['Placeholders for any field', 'Change copy without a deploy', 'Subscribers captured automatically'],
        colour: 'sky',
        highlight: { value: '0', label: 'deploys to change a template' },
      },
      {
        icon: 'shield',
        tagline: 'report',
        title: 'Every message accounted for',
        description:
          'Search the delivery log for any address and see when each email was sent, delivered, opened or bounced, for up to 90 days.',
        benefits: ['Delivery log kept for 90 days', 'Opens and clicks per message', 'Bounce and complaint reports'],
        colour: 'amber',
        highlight: { value: '90 days', label: 'of delivery logs' },
      },
    ],
  }),
  analytics: productPage('analytics', {
    eyebrow: 'App and website analytics',
    headline: 'See how customers use your product.',
    lead: 'Track the events that matter in your app and website, compare them over time, and turn what you learn into messages that bring people back.',
    metaDescription:
      'Event analytics, event comparison and page-visit analytics for your app and website, connected to your messaging.',
    blocks: [
      {
        icon: 'inbox',
        tagline: 'inbox',
        title: 'From insight to inbox',
        description:
          'Spot customers who stopped using a feature and reach them with a helpful email the same day, from the same platform.',
        benefits: ['Audiences built from events', 'Send a campaign to any segment', '99.9% inbox delivery'],
        colour: 'brand',
        highlight: { value: '1', label: 'platform for data and messages' },
      },
      {
        icon: 'smartphone',
        tagline: 'channels',
        title: 'App and website together',
        description:
          'Collect events from your mobile app and your website in one place, so each customer has a single history wherever they use you.',
        benefits: ['Events from app and website', 'Page-visit analytics', 'One profile per contact'],
        colour: 'violet',
        highlight: { value: '2', label: 'sources, one history' },
      },
      {
        icon: 'filter',
        tagline: 'personalisation',
        title: 'Segments from behaviour',
        description:
          'Group people by what they actually did: signed up but never bought, bought twice, visited pricing this week. Segments stay up to date by themselves.',
        benefits: ['Filters on any event or property', 'Live segment counts', 'Use segments in campaigns and journeys'],
        colour: 'sky',
        highlight: { value: 'Live', label: 'segments' },
      },
      {
        icon: 'chart',
        tagline: 'report',
        title: 'Compare what matters',
        description:
          'Put two events side by side and watch how a release or a campaign moves them. Clear charts, no query language to learn.',
        benefits: ['Event analytics', 'Event comparison', 'Page-visit trends'],
        colour: 'amber',
        highlight: { value: 'Side by side', label: 'event comparison' },
      },
    ],
  }),
} satisfies Record<ProductSlug, unknown>;
