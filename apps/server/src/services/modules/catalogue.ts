import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseCatalogue, type Catalogue } from '@growmail/contracts/catalogue';

/** The catalogue the site was built with: one data file an operator edits without code (D13). */
export const defaultCataloguePath = fileURLToPath(import.meta.resolve('@growmail/contracts/data/catalogue.json'));

/** Reads and checks the catalogue; a bad file stops start-up with a message naming the file and each problem. */
export async function loadCatalogue(path: string = defaultCataloguePath): Promise<Catalogue> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the catalogue at ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return parseCatalogue(data);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n  (in ${path})`, { cause: error });
  }
}
