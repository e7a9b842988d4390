import type { Testimonial } from '@growmail/contracts/content/schemas';

/**
 * The testimonials' job titles in French, by the customer's name (issue 56): a French page
 * quotes an English customer in their own words but gives their title in French. Until the
 * testimonial schema holds a French field (once issue 55 moves the schemas to
 * packages/contracts), they live here, and a testimonial without one stops the build.
 */
const rolesFr: Record<string, string> = {
  'Amara Okafor': 'Responsable de la croissance',
  'Daniel Mwangi': 'Directeur technique',
  'Priya Nair': 'Responsable du marketing relationnel',
  'Kwame Asante': 'Fondateur',
};

/** A testimonial's job title in French; the build stops on a testimonial that has none. */
export function testimonialRoleFr(testimonial: Pick<Testimonial, 'name'>): string {
  const role = rolesFr[testimonial.name];
  if (role === undefined)
    throw new Error(`${testimonial.name} has no French job title in lib/content/testimonials-fr.ts`);
  return role;
}
