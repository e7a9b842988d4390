import { parseCatalogue } from '@growmail/contracts/catalogue';
import data from '@growmail/contracts/data/catalogue.json';

/**
 * The catalogue as it was when the site was built (D13): the prerendered prices come from it,
 * a bad edit fails the build, and the pricing section falls back to it when the modules
 * service does not answer. Server components only; client components get it as a prop.
 */
export const builtCatalogue = parseCatalogue(data);
