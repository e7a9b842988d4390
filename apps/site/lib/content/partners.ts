import { partnersSchema } from './schemas';
import { validContent } from './validate';

/**
 * Sample partner logos (D2): fictional companies drawn for this site; an operator replaces them.
 * Each logo is drawn 32 units tall; `width` is its width at that height, so it takes its space before it loads.
 */
export const partners = validContent('partners.ts', partnersSchema, [
  { name: 'Kestrel Pay', logo: '/partners/kestrel-pay.svg', width: 160 },
  { name: 'Lumen Grocers', logo: '/partners/lumen-grocers.svg', width: 181 },
  { name: 'Baobab Health', logo: '/partners/baobab-health.svg', width: 181 },
  { name: 'Harbor & Pine', logo: '/partners/harbor-pine.svg', width: 181 },
  { name: 'Orbitly', logo: '/partners/orbitly.svg', width: 118 },
  { name: 'Zuri Fashion', logo: '/partners/zuri-fashion.svg', width: 170 },
  { name: 'Tidewater Bank', logo: '/partners/tidewater-bank.svg', width: 191 },
  { name: 'Marula Travel', logo: '/partners/marula-travel.svg', width: 181 },
  { name: 'Quillstack', logo: '/partners/quillstack.svg', width: 149 },
  { name: 'Savanna Foods', logo: '/partners/savanna-foods.svg', width: 181 },
  { name: 'Nimbus Learning', logo: '/partners/nimbus-learning.svg', width: 202 },
  { name: 'Copperline Energy', logo: '/partners/copperline-energy.svg', width: 223 },
]);

export type Partner = (typeof partners)[number];
