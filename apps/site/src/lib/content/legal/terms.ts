import { siteConfig } from '@/lib/site-config';
import { legalDocumentSchema } from '../schemas';
import { validContent } from '../validate';

/** The terms and conditions, with the constants of spec "Business constants". */
export const terms = validContent('legal/terms.ts', legalDocumentSchema, {
  title: 'Terms and conditions',
  updated: '2026-11-01',
  intro: [
    'These terms are the agreement between you and Growmail for the use of our website, our platform and the services we provide through them. By creating an account or using the service you accept them. If you use Growmail for a company, you accept them on its behalf and confirm you may do so.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: 'Who may use Growmail',
      body: [
        'You must be at least 18 years old to open an account or use the service. Nobody under 18 may use Growmail, even with a parent’s permission.',
        'You must give accurate details when you register and keep them up to date, and you are responsible for everything done through your account and for keeping your password and API keys secret.',
      ],
    },
    {
      id: 'the-service',
      heading: 'The service',
      body: [
        'Growmail lets you send email campaigns, automated and transactional email, SMS and web push notifications, and analyse how your customers use your app and website. New accounts receive 1,000 free credits; one credit is used for each email sent.',
        'We improve the service continuously. We may change or retire a feature, and will give reasonable notice before removing anything you pay for.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use and consent',
      body: [
        'You may only send messages to people who have agreed to receive them from you, and you must keep proof of that consent. You must not:',
        {
          list: [
            'send unsolicited bulk messages or use purchased, rented or scraped lists;',
            'send content that is unlawful, deceptive, harassing or infringes the rights of others;',
            'hide who you are, or forge headers or sender details;',
            'try to break, probe or overload the service or bypass its limits.',
          ],
        },
        'We may pause sending from an account that breaks these rules or puts our sending reputation at risk, and will tell you why.',
      ],
    },
    {
      id: 'unsubscribes',
      heading: 'Unsubscribe requests',
      body: [
        'Every marketing message sent through Growmail carries a working unsubscribe link. You must honour each unsubscribe request within 10 days of receiving it, and must not send further marketing messages to that person afterwards.',
        'If your account ends, unsubscribe requests that reach you about messages sent through Growmail must still be honoured for 30 days after termination.',
      ],
    },
    {
      id: 'billing',
      heading: 'Plans, billing and disputes',
      body: [
        'Paid plans are billed in advance for each monthly or yearly period, in the currency you choose. Flex credits are paid for before use and are consumed at one credit per email sent.',
        'If you believe a charge is wrong, tell us within 30 days of the date of the charge. We will look into every dispute raised in that time and refund any amount billed in error. Charges not disputed within 30 days are treated as accepted.',
        'Fees exclude taxes, which are added where the law requires.',
      ],
    },
    {
      id: 'inactive-accounts',
      heading: 'Inactive accounts and your data',
      body: [
        'Your contacts and content remain yours. We process them only to provide the service, as described in our privacy policy.',
        'If an account is inactive for over 60 days — nobody has signed in and nothing has been sent — we may delete its subscriber data to protect the people on those lists. We will email the account owner before doing so.',
      ],
    },
    {
      id: 'termination',
      heading: 'Ending the agreement',
      body: [
        'You may close your account at any time from your settings. We may suspend or close an account that seriously or repeatedly breaks these terms, or that does not pay, after giving notice where we can.',
        'After termination you may export your data for 30 days; after that we delete it, except what the law requires us to keep.',
      ],
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      body: [
        'We provide the service with care and skill, but we cannot promise it will never be interrupted. To the extent the law allows, we are not liable for indirect or consequential loss, such as lost profits or lost data you could have backed up.',
        'Our total liability to you for any claim arising from these terms or the service is capped at the lesser of the amounts you paid us in the twelve months before the claim arose or $500. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      body: [
        'We may update these terms. When a change matters, we will email account owners at least 30 days before it takes effect. Continuing to use Growmail after that date means you accept the new terms.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      body: [`Questions about these terms are welcome at ${siteConfig.contactEmail}.`],
    },
  ],
});
