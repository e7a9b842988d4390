import { runtimeUrlNames, standInOrigin, standIns } from '@growmail/contracts/runtime';
import type { Config } from '../config.ts';

/** Each stand-in the site was built with (packages/contracts/src/runtime.ts), and the configured value it becomes (D21). */
export function substitutionsFor(config: Config): Array<[string, string]> {
  return [
    ...runtimeUrlNames.map((name): [string, string] => [standInOrigin(name), config.urls[name]]),
    [standIns.siteApiKey, config.siteApiKey],
    [standIns.audienceId, config.audienceId],
  ];
}

export function substitute(text: string, substitutions: ReadonlyArray<[string, string]>): string {
  let result = text;
  for (const [from, to] of substitutions) result = result.replaceAll(from, to);
  return result;
}
