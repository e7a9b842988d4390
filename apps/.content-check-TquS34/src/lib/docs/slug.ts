/** An anchor id from a heading: "Request body" → "request-body". The TOC, search and pages share it. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}
