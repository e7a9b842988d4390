import { newsletterConsentWording } from '@growmail/contracts/form-fields';
/**
 * The words of the form islands that are not messages (labels, buttons, names), in English. A
 * French page hands its islands the French set as a prop (lib/form-words-fr.ts, D37), so the
 * English pages' script carries no French; an island given none says these.
 */
export const englishFormWords = {
  contact: {
    form: 'Send us a message',
    fullname: 'Full name',
    email: 'Email address',
    subject: 'Subject',
    body: 'Message',
    sending: 'Sending…',
    send: 'Send message',
  },
  newsletter: {
    title: 'Get the newsletter',
    email: 'Email address',
    placeholder: 'you@company.com',
    subscribe: 'Subscribe',
    /** What the visitor agrees to; the server records the same words with the consent (D23). */
    consent: newsletterConsentWording as string,
  },
  lead: {
    firstname: 'First name',
    lastname: 'Last name',
    company_name: 'Company name',
    email: 'Company email',
    phone_number: 'Phone number',
    users: 'Number of users',
    budget: 'Annual email marketing budget',
    select: 'Select…',
    submitting: 'Submitting…',
    demo: 'Request a demo',
    startup: 'Submit Application',
    required: 'All fields are required.',
    /** Option labels by value, where the words differ from the contracts' English. */
    options: {} as Readonly<Record<string, string>>,
  },
  calculator: {
    form: 'Savings calculator',
    customers: 'Number of customers',
    annualCost: 'Current annual cost (USD)',
    email: 'Email Address',
    services: 'Services you pay for today',
    serviceNames: {} as Readonly<Record<string, string>>,
    estimate: 'Estimate your savings',
    couldSave: 'You could save',
    efficient: 'Your setup is already cost efficient',
    saveUpTo: 'You can save up to',
    everyYear: 'every year by moving your messaging to Growmail, and:',
    efficientLead:
      'Your current setup is already cost efficient. A demo can still show you what one platform for every message would add.',
    benefits: [
      'Send every message, from campaigns to receipts, from one place',
      'Update your content without touching code',
      'Keep customer data safe with built-in security',
      'Scale your messaging as your business grows',
    ] as readonly string[],
    book: 'Book a 30-minute Demo',
    edit: 'Edit your answers',
  },
  preferences: {
    title: 'Email preferences',
    from: 'Unsubscribe me from',
    list: 'This list only',
    listHint: 'Stop the emails this message came from.',
    all: 'All lists',
    allHint: 'Stop every marketing email from us.',
    saving: 'Saving…',
    save: 'Save preferences',
    choose: 'Choose which emails',
    stops: 'stops receiving.',
    noLink:
      'This page opens from the unsubscribe link at the bottom of our emails. Use that link to set your preferences.',
  },
  confirm: {
    form: 'Confirm your subscription',
    confirming: 'Confirming…',
    confirm: 'Confirm my subscription',
    noLink:
      'This page opens from the link in the confirmation email we send when you subscribe to our newsletter. Use that link to confirm.',
  },
  closeError: 'Close the error message',
};

export type FormWords = typeof englishFormWords;
