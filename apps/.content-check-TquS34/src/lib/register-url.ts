import { marketingQuery } from '@growmail/contracts/routes';

/**
 * The app's register URL for a 'Get started' button: the marketing parameters of the visitor's
 * stored landing query (spec "Screens and routes", localStorage `utm`; D31) plus `location`,
 * naming where the button sits.
 */
export function registerUrl(registerBase: string, storedUtm: string | null, location: string): string {
  const params = new URLSearchParams(marketingQuery(storedUtm ?? ''));
  params.set('location', location);
  return `${registerBase}?${params.toString()}`;
}
