export type Encoding = 'br' | 'gzip';

/** Picks brotli, then gzip, from an Accept-Encoding header, honouring q=0. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let choice = chosen.get(header);
  if (choice === undefined) {
    choice = parse(header);
    // Browsers send a handful of distinct headers; a client that varies its own is not kept.
    if (chosen.size < maxKept) chosen.set(header, choice);
  }
  return choice;
}

/**
 * The choice for each header already read: every answer asks, and parsing the header was a
 * measurable part of a small page's cost (issue 29).
 */
const chosen = new Map<string, Encoding | null>();
const maxKept = 256;

function parse(header: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}
