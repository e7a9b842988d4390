/** The demo and startup forms's words in English (D37; the French are in lib/form-words-fr.ts). */
export const leadWords = {
  firstname: 'First name',
  lastname: 'Last name',
  company_name: 'Company name',
  email: 'Company email',
  phone_number: 'Phone number',
  users: 'Number of users',
  /**
   * The demo form's question on the size of the audience, where a language names contacts apart
   * from seats (French: "Nombre de contacts", D43); without it the form asks `users`, as the spec does.
   */
  audience: undefined as string | undefined,
  budget: 'Annual email marketing budget',
  select: 'Select…',
  submitting: 'Submitting…',
  demo: 'Request a demo',
  startup: 'Submit Application',
  required: 'All fields are required.',
  /** Option labels by value, where the words differ from the contracts' English. */
  options: {} as Readonly<Record<string, string>>,
};
