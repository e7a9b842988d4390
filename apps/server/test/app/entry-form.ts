/** An attribute's or a text's HTML entities, as a browser reads them. */
const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Every field of the entry form in a console page (D45), as a browser posts it, without its CSRF
 * token: its inputs (a file input posts no text; a box only when ticked), text boxes and the
 * chosen option of each list.
 */
export function entryFormFields(html: string): Record<string, string> {
  const form = html.slice(html.lastIndexOf('<form', html.indexOf('name="_base"')));
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    if (!name || /type="file"/.test(tag) || (/type="(checkbox|radio)"/.test(tag) && !/\schecked/.test(tag))) continue;
    fields[decode(name)] = decode(/value="([^"]*)"/.exec(tag)?.[1] ?? '');
  }
  for (const [, name, value] of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g))
    fields[decode(name!)] = decode(value!);
  for (const [, name, options] of form.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g))
    fields[decode(name!)] = decode(/<option[^>]*selected=""[^>]*>([^<]*)</.exec(options!)?.[1] ?? '');
  delete fields['_csrf'];
  return fields;
}
