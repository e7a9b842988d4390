import type { Config } from '../config.ts';

/**
 * The site is built once with these stand-ins (see apps/site/lib/runtime.ts) and the
 * server swaps in the configured values when it loads the export (D21).
 * Keep the two lists in step: the e2e suite fails if a stand-in reaches a visitor.
 */
export const placeholderOrigin = (name: string) => `https://${name}.gm-runtime.invalid`;

export function substitutionsFor(config: Config): Array<[string, string]> {
  const urls = Object.entries(config.urls).map(([name, value]) => [placeholderOrigin(name), value] as [string, string]);
  return [
    ...urls,
    ['gm-runtime-site-api-key', config.siteApiKey],
    ['gm-runtime-audience-id', config.audienceId],
    ['gm-runtime-site-env', config.env],
  ];
}

export function substitute(text: string, substitutions: ReadonlyArray<[string, string]>): string {
  let result = text;
  for (const [from, to] of substitutions) result = result.replaceAll(from, to);
  return result;
}
