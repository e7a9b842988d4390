/**
 * The one rate at which the site's French copy says what a dollar amount is in CFA francs
 * (issue 56 "Money"): the startup programme's budget bands and its funding limit, where a reader
 * in Abidjan or Douala thinks in FCFA. The dollars remain the amounts that count; the francs
 * say about how much that is, so they are rounded and written with `environ`.
 *
 * XOF and XAF are at par, both fixed to the euro at 655.957 francs. The dollar floats against
 * the euro: this is the rate the catalogue's CFA franc prices were set at (docs/decisions.md,
 * "CFA francs (issue 30)"; `catalogue.test.ts` holds them to it), so the prices and the copy say
 * the same about a dollar. Change `dollarsPerEuro` and `setOn` together, with that decision.
 */
export const dollarRate = {
  /** The peg: CFA francs (XOF or XAF) for one euro, fixed. */
  francsPerEuro: 655.957,
  /** US dollars for one euro, as the catalogue's prices were set. */
  dollarsPerEuro: 1.09,
  /** The day the site's copy took this rate, as an ISO date. */
  setOn: '2026-11-29',
} as const;

/** CFA francs for one US dollar at `dollarRate`: about 601.8. */
export const francsPerDollar = dollarRate.francsPerEuro / dollarRate.dollarsPerEuro;

/**
 * `dollars` in CFA francs at `dollarRate`, to two significant figures, as a figure given for
 * scale is: $1,000 is about 600,000 francs, $500,000 about 300 million.
 */
export function dollarsInFrancs(dollars: number): number {
  const francs = dollars * francsPerDollar;
  if (francs === 0) return 0;
  const step = 10 ** (Math.floor(Math.log10(Math.abs(francs))) - 1);
  return Math.round(francs / step) * step;
}

const frenchNumber = new Intl.NumberFormat('fr', { maximumFractionDigits: 1 });

/** A whole number of francs in millions when it is one or more, French-style: `3`, `0,6`. */
const inMillions = (francs: number) => frenchNumber.format(francs / 1_000_000);

/**
 * A number of francs as French copy writes it, with its unit: `600 000 FCFA` below a million,
 * `1 million de FCFA`, `3 millions de FCFA` above (digits grouped with U+202F, the unit after
 * U+00A0, as the typography check asks).
 */
export function francsInFrench(francs: number): string {
  if (francs < 1_000_000) return `${frenchNumber.format(francs)}\u00a0FCFA`;
  const millions = inMillions(francs);
  return `${millions}\u00a0${francs < 2_000_000 ? 'million' : 'millions'} de\u00a0FCFA`;
}

/**
 * A band of dollars in francs, in French: `600 000 FCFA à 3 millions de FCFA` said once as
 * `600 000 à 3 millions de FCFA`, and `3 à 6 millions de FCFA` when both ends are millions.
 */
export function dollarBandInFrancs(fromDollars: number, toDollars: number): string {
  const [from, to] = [dollarsInFrancs(fromDollars), dollarsInFrancs(toDollars)];
  const upper = francsInFrench(to);
  if (from >= 1_000_000) return `${inMillions(from)} à ${upper}`;
  return `${frenchNumber.format(from)} à ${upper}`;
}
