/** The savings calculator's words in English (D37; the French are in lib/form-words-fr.ts). */
export const calculatorWords = {
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
  picture: 'Your yearly cost, today and with Growmail',
  today: 'Today',
  withGrowmail: 'With Growmail',
  youSave: 'You save',
  book: 'Book a 30-minute Demo',
  edit: 'Edit your answers',
};
