/**
 * The choices of the lead forms' selects. Free of zod, so a form in the browser can list them
 * without the schemas (forms.ts and leads.ts) that check the answers on the server.
 */

/** Demo request 'Number of users' (spec "Entities"). */
export const demoSubscriberOptions = [
  { value: '0:100K', label: 'Less than 100K' },
  { value: '100K:250K', label: '100K - 250K' },
  { value: '250K:500K', label: '250K - 500K' },
  { value: '500K:1M', label: '500K - 1M' },
  { value: '1M:5M', label: '1M - 5M' },
  { value: '5M+', label: 'Greater than 5M' },
] as const;

/** Startup application 'Number of users' and 'Annual budget' (spec "Entities"). */
export const startupUserCounts = [
  { value: '10:50K', label: '10K - 50K' },
  { value: '50K:100K', label: '50K - 100K' },
] as const;

export const startupBudgets = [
  { value: '1K:5K', label: '$1,000 - $5,000' },
  { value: '5K:10K', label: '$5,000 - $10,000' },
] as const;
