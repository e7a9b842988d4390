import { parseCatalogue } from '@growmail/contracts/catalogue';
import data from '../content/catalogue.json';

/**
 * The catalogue as it was when the site was built (D13): the prerendered prices come from it,
 * a bad edit fails the build, and the pricing section falls back to it when the modules
 * service does not answer. Rendered at build; an island gets it as a prop from its route shell.
 */
export const builtCatalogue = parseCatalogue(data);
