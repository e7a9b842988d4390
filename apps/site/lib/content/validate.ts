import type { z } from 'zod';

/**
 * Checks a content file against its schema when the module loads. Content modules are read
 * only by server components, so this runs while `next build` prerenders the pages: a bad
 * edit stops the build with a message naming the file, the entry and the field. zod never
 * reaches the browser (the JavaScript budget test would notice).
 */
export function validContent<Schema extends z.ZodType>(file: string, schema: Schema, data: z.input<Schema>) {
  const result = schema.safeParse(data);
  if (result.success) return result.data as z.output<Schema>;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
    return `  - ${where || '(root)'}: ${issue.message}`;
  });
  throw new Error(`Invalid site content in apps/site/lib/content/${file}:\n${problems.join('\n')}`);
}
