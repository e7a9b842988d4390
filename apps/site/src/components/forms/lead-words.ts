import { leadFieldLabels } from '@growmail/contracts/lead-labels';

/** The demo and startup forms's words in English (D37; the French are in lib/form-words-fr.ts). */
export const leadWords = {
  firstname: leadFieldLabels.firstname as string,
  lastname: leadFieldLabels.lastname as string,
  company_name: leadFieldLabels.company_name as string,
  email: 'Company email',
  phone_number: leadFieldLabels.phone_number as string,
  users: leadFieldLabels.subscribers as string,
  /**
   * The demo form's question on the size of the audience, where a language names contacts apart
   * from seats (French: "Nombre de contacts", D43); without it the form asks `users`, as the spec does.
   */
  audience: undefined as string | undefined,
  budget: leadFieldLabels.annual_budget as string,
  select: 'Select…',
  submitting: 'Submitting…',
  demo: 'Request a demo',
  startup: 'Submit Application',
  required: 'All fields are required.',
  /** Option labels by value, where the words differ from the contracts' English. */
  options: {} as Readonly<Record<string, string>>,
};
