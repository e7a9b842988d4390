/** Structured data for search engines. Not executed, so the CSP need not allow it. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  // `<` escaped so no string inside can close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
