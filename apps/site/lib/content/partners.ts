import { partnersSchema } from './schemas';
import { validContent } from './validate';

/** Sample partner logos (D2): fictional companies drawn for this site; an operator replaces them. */
export const partners = validContent('partners.ts', partnersSchema, [
  { name: 'Kestrel Pay', logo: '/partners/kestrel-pay.svg' },
  { name: 'Lumen Grocers', logo: '/partners/lumen-grocers.svg' },
  { name: 'Baobab Health', logo: '/partners/baobab-health.svg' },
  { name: 'Harbor & Pine', logo: '/partners/harbor-pine.svg' },
  { name: 'Orbitly', logo: '/partners/orbitly.svg' },
  { name: 'Zuri Fashion', logo: '/partners/zuri-fashion.svg' },
  { name: 'Tidewater Bank', logo: '/partners/tidewater-bank.svg' },
  { name: 'Marula Travel', logo: '/partners/marula-travel.svg' },
  { name: 'Quillstack', logo: '/partners/quillstack.svg' },
  { name: 'Savanna Foods', logo: '/partners/savanna-foods.svg' },
  { name: 'Nimbus Learning', logo: '/partners/nimbus-learning.svg' },
  { name: 'Copperline Energy', logo: '/partners/copperline-energy.svg' },
]);

export type Partner = (typeof partners)[number];
