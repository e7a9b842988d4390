import { partnersSchema } from './schemas';
import { validContent } from './validate';

/**
 * A partner and its logo, public/partners/<the name in lowercase, words joined by hyphens>.svg.
 * Each logo is drawn 32 units tall; `width` is its width at that height, so it takes its space before it loads.
 */
const partner = (name: string, width: number) => ({
  name,
  logo: `/partners/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
  width,
});

/** Sample partner logos (D2): fictional companies drawn for this site; an operator replaces them. */
export const partners = validContent('partners.ts', partnersSchema, [
  partner('Kestrel Pay', 160),
  partner('Lumen Grocers', 181),
  partner('Baobab Health', 181),
  partner('Harbor & Pine', 181),
  partner('Orbitly', 118),
  partner('Zuri Fashion', 170),
  partner('Tidewater Bank', 191),
  partner('Marula Travel', 181),
  partner('Quillstack', 149),
  partner('Savanna Foods', 181),
  partner('Nimbus Learning', 202),
  partner('Copperline Energy', 223),
]);

export type Partner = (typeof partners)[number];
