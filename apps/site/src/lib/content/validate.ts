// Content modules are rendered at build only: the data and zod stay out of the browser.
// Every content module imports this file or schemas.ts, and `astro build` fails if an island
// imports one (astro.config.ts; type-only imports are fine: they vanish at build).
import 'server-only';
import type * as z from 'zod/mini';

/**
 * Checks a content file against its schema when the module loads. Content modules are read
 * only at build, so this runs while `astro build` prerenders the pages: a bad
 * edit stops the build with a message naming the file, the entry and the field.
 */
export function validContent<Schema extends z.ZodMiniType>(file: string, schema: Schema, data: z.input<Schema>) {
  return validContentFile(`src/lib/content/${file}`, schema, data);
}

/** The same check for a file read from disk, named by its path in apps/site (content/products/campaign.yaml). */
export function validContentFile<Schema extends z.ZodMiniType>(path: string, schema: Schema, data: unknown) {
  const result = schema.safeParse(data);
  if (result.success) return result.data as z.output<Schema>;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
    // Without a zod locale this would say only 'Invalid input': name the misspelt field.
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}`
        : issue.message;
    return `  - ${where || '(root)'}: ${message}`;
  });
  throw new Error(`Invalid site content in apps/site/${path}:\n${problems.join('\n')}`);
}
