/**
 * One valid submission for each form, as the site sends it: the fixtures the server tests
 * share. A test that needs another value spreads one of these and overrides it.
 */

export const enquiry = {
  fullname: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Pricing for agencies',
  body: 'Do you offer agency pricing?',
};

export const demoRequest = {
  type: 'demo',
  metadata: {
    type: 'demo',
    firstname: 'Grace',
    lastname: 'Hopper',
    company_name: 'Compile Co',
    email: 'grace@compile.example',
    phone_number: '+234 803 123 4567',
    subscribers: '100K:250K',
  },
};

export const savingsLead = {
  type: 'savings',
  metadata: {
    email: 'ada@example.com',
    type: 'savings',
    contact_count: 20000,
    current_cost: 12000,
    savings: 8000,
    services: { campaign: true, automation: true, transactional: false, push: false },
  },
};

export const startupLead = {
  type: 'startup',
  metadata: {
    type: 'startup',
    firstname: 'Grace',
    lastname: 'Hopper',
    company_name: 'Compile Co',
    email: 'grace@example.com',
    phone_number: '+234 803 123 4567',
    user_count: '10:50K',
    annual_budget: '1K:5K',
  },
};
