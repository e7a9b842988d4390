import { siteConfig } from '@/lib/site-config';
import { legalDocumentSchema } from '../schemas';
import { validContent } from '../validate';

/** The privacy policy, with the constants of spec "Business constants". */
export const privacy = validContent('legal/privacy.ts', legalDocumentSchema, {
  title: 'Privacy policy',
  updated: '2026-11-23',
  intro: [
    'This policy explains what personal data Growmail collects, why, how long we keep it and the choices you have. It covers visitors to this website, people who contact us or request a demo, and our customers’ use of the platform.',
    'When our customers send messages to their own contacts through Growmail, they decide what data is used and we process it on their behalf. Their own privacy notices apply to those contacts.',
  ],
  sections: [
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      body: [
        'We collect only what we need:',
        {
          list: [
            'details you give us in forms: name, work email, company, phone number and your message;',
            'account details when you sign up, and billing details when you pay;',
            'how you use the website, such as the pages you visit and the campaign link that brought you here;',
            'technical data your browser sends, such as its type and your approximate location from your IP address.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-it',
      heading: 'How we use it',
      body: [
        'We use your data to answer your questions, arrange demos, run your account, bill you, keep the service secure and improve it. We send you marketing email only if you subscribed, and every such email lets you unsubscribe in one click.',
        'We do not sell personal data.',
      ],
    },
    {
      id: 'local-storage',
      heading: 'Cookies and local storage',
      body: [
        'This website stores the query string of the page you landed on (for example, the campaign that brought you) in your browser’s local storage, so that if you sign up we know which campaign worked. It stays on your device until you clear it.',
        'We do not use advertising cookies.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      body: [
        'We use a small number of trusted providers for hosting, payments and email delivery. They may only process data on our instructions and must protect it as we do. We disclose data to authorities only when the law requires it.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: [
        'We keep each kind of data only as long as it has a use:',
        {
          list: [
            'enquiries, demo requests, startup programme applications and savings estimates: as long as we need them to follow up with you, and no more than two years after you last wrote to us;',
            'form messages that look automated, which we set aside unread: 30 days, then they are deleted;',
            'your newsletter subscription and the record of your consent (when you asked, on which page, the words you agreed to and when you confirmed): while you are subscribed, and for two years after you unsubscribe, so we can show we respected your choice;',
            'copies of the emails we sent you or our team about you, and the notices passed to our own sales tools: 90 days;',
            'a browser’s subscription to our notifications: until you turn notifications off or the subscription ends, which the push service tells us the next time we send;',
            'delivery logs in the Growmail platform: up to 90 days.',
          ],
        },
        'Account data is kept while the account is open and deleted after it closes, except records the law requires us to keep.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      body: [
        'Growmail is a service for businesses. We do not serve anyone under 13, and we do not knowingly collect personal data from children under 13. If you believe a child has given us personal data, contact us and we will delete it.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      body: [
        `You can ask to see the personal data we hold about you, correct it, delete it, receive a copy, or object to how we use it. You can unsubscribe from our emails at any time from the link in each one or from the email preferences page. To exercise any other right, write to ${siteConfig.contactEmail} and we will reply within 30 days.`,
      ],
    },
    {
      id: 'copy-or-erasure',
      heading: 'A copy of your data, or its erasure',
      body: [
        `To ask for a copy of what we hold about you, or for all of it to be erased, email ${siteConfig.contactEmail} from the address the request is about, or tell us which address it is. So that nobody can ask for someone else’s data, we may ask you to confirm from that address. We reply within 30 days.`,
        'A copy lists everything stored under your address: your contact details, your newsletter choices with their consent records, the messages and requests you sent, the emails we queued or sent to you or about you, and the notices our sales tools received. Clicks on our notifications are recorded without saying who clicked, so none can be traced to you.',
        'Erasure deletes all of that at once. If someone else wrote your address in a message to us, we remove your address and keep the rest of their message. Afterwards we keep only a one-way fingerprint of your address, which cannot be turned back into it, so that no old list, import or system of ours adds you again. The one exception is your own choice: if you subscribe to our newsletter again and confirm it from your inbox, the fingerprint is removed. A form you send us later is read and answered as usual.',
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      body: [
        'Data is encrypted in transit, access is limited to the staff who need it, and we review our safeguards regularly. No system is perfectly secure; if a breach affects you, we will tell you promptly.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes and contact',
      body: [
        `We will post any change to this policy here with a new date, and email customers about significant changes. Questions are welcome at ${siteConfig.contactEmail}.`,
      ],
    },
  ],
});
