/**
 * The app's register URL for a 'Get started' button: the visitor's stored landing query
 * (spec "Screens and routes", localStorage `utm`) plus `location`, naming where the button sits.
 */
export function registerUrl(registerBase: string, storedUtm: string | null, location: string): string {
  const params = new URLSearchParams(storedUtm ?? '');
  params.set('location', location);
  return `${registerBase}?${params.toString()}`;
}
