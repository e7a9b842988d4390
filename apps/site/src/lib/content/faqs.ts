import { faqsSchema } from './schemas';

/** The three questions every product page answers (spec "Screens and routes", Feature pages), in our own words. */
export const productFaqs = faqsSchema.parse([
  {
    question: 'What is an email campaign?',
    answer: [
      'A campaign is one message you design once and send to many people at the same time: a product launch, a seasonal offer, a monthly newsletter.',
      'In Growmail you pick the audience from your contact lists and segments, write or drag together the email, preview it on desktop and mobile, then send it now or schedule it for later.',
    ],
  },
  {
    question: 'Will my emails reach the inbox?',
    answer: [
      'Growmail delivers 99.9% of email to the inbox. We authenticate your sending domain with SPF, DKIM and DMARC, watch the reputation of our sending servers, and remove addresses that bounce before they hurt you.',
      'Every message is recorded in a delivery log you can search for up to 90 days, so you can see exactly what happened to any email.',
    ],
  },
  {
    question: 'What can I do when my open rates are low?',
    answer: [
      'Resend the campaign to everyone who did not open it, with one click. You can give the resend a new subject line and choose when it goes out, and people who already opened never receive it twice.',
      'Customers who use resend see open rates about 16% higher on the campaigns they resend.',
    ],
  },
]);
