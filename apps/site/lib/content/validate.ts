// Content modules are read only by server components: the data and zod stay out of the
// browser. Every content module imports this file or schemas.ts, and `next build` fails if
// a client component imports one (type-only imports are fine: they vanish at build).
import 'server-only';
import type * as z from 'zod/mini';

/**
 * Checks a content file against its schema when the module loads. Content modules are read
 * only by server components, so this runs while `next build` prerenders the pages: a bad
 * edit stops the build with a message naming the file, the entry and the field.
 */
export function validContent<Schema extends z.ZodMiniType>(file: string, schema: Schema, data: z.input<Schema>) {
  const result = schema.safeParse(data);
  if (result.success) return result.data as z.output<Schema>;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
    return `  - ${where || '(root)'}: ${issue.message}`;
  });
  throw new Error(`Invalid site content in apps/site/lib/content/${file}:\n${problems.join('\n')}`);
}
