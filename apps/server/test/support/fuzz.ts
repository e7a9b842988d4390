import fc from 'fast-check';

/**
 * Fuzzing from the shared zod schemas: `fieldPaths` walks a schema's definition (zod classic
 * and zod/mini share `_zod.def`) to every field a request can carry, and the arbitraries
 * below put hostile values there.
 */

type Def = {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  options?: Schema[];
  element?: Schema;
  valueType?: Schema;
};
type Schema = { _zod: { def: Def } };

/** Every path from the root to a field of the schema, such as ['metadata', 'email']; records and arrays get one sample key. */
export function fieldPaths(schema: unknown, prefix: string[] = []): string[][] {
  const def = (schema as Schema)._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, inner]) => [
        [...prefix, key],
        ...fieldPaths(inner, [...prefix, key]).filter((path) => path.length > prefix.length + 1),
      ]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
      return fieldPaths(def.innerType, prefix);
    case 'pipe':
      return fieldPaths(def.in, prefix);
    case 'union':
      return uniquePaths((def.options ?? []).flatMap((option) => fieldPaths(option, prefix)));
    case 'record':
      return [
        [...prefix, 'key'],
        ...fieldPaths(def.valueType, [...prefix, 'key']).filter((p) => p.length > prefix.length + 1),
      ];
    case 'array':
      return [
        [...prefix, '0'],
        ...fieldPaths(def.element, [...prefix, '0']).filter((p) => p.length > prefix.length + 1),
      ];
    default:
      return [];
  }
}

const uniquePaths = (paths: string[][]) => [...new Map(paths.map((path) => [path.join('.'), path])).values()];

/** A copy of `value` with `path` set to `replacement`, creating objects on the way. */
export function withField(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const base = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as object) } : {};
  return { ...base, [head]: withField((base as Record<string, unknown>)[head], rest, replacement) };
}

/** The value at `path`, if there is one. */
export const fieldAt = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (inner, key) => (inner && typeof inner === 'object' ? (inner as Record<string, unknown>)[key] : undefined),
    value,
  );

/** Characters that break a store or a terminal when they ride inside an otherwise valid value. */
export const controlCharacter = fc.constantFrom(
  '\u0000',
  '\u001b',
  '\u0007',
  '\u0085',
  '\u009b',
  '\u007f',
  '\r',
  '\ud800',
  '\udc00',
);

/**
 * A valid value with one hostile character slipped in: the input a simple fuzzer rarely
 * builds and a careful attacker always tries (`ada\u0000@example.com` passes a loose email pattern).
 */
export const nearlyValid = (valid: string) =>
  fc
    .tuple(controlCharacter, fc.integer({ min: 0, max: valid.length }))
    .map(([char, at]) => `${valid.slice(0, at)}${char}${valid.slice(at)}`);

export const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'Ada\u0000Lovelace',
    'a@b.c\u0000',
    '\u001b]0;owned\u0007',
    '\u001b[31mred',
    '\u0085\u009b',
    '\ud800',
    'lone \udfff surrogate',
    '\r',
    "'; drop table leads; --",
    '<script>alert(1)</script>',
    '%00%0d%0a',
    '../../etc/passwd',
    '__proto__',
    'constructor',
    '',
    ' ',
    'x'.repeat(100_000),
    '🚀'.repeat(300),
    'Adébáyọ̀ Ọlọ́run',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 300 }),
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(1e300, -1e300, Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 1, -0, 1.5, 0, -1, 8.64e15 + 1),
  fc.double(),
  fc.integer(),
);

/** Objects and arrays nested far deeper than any schema goes. */
export const deepJunk = fc.integer({ min: 20, max: 200 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
  return value;
});

export const hostileValue = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [[]], { __proto__: null }),
  deepJunk,
  fc.jsonValue({ maxDepth: 4 }),
);

/** A JSON body's text with a `__proto__` key at the top or inside `metadata`: JSON.stringify would drop it from an object. */
export const withProtoKey = (body: unknown) => {
  const text = JSON.stringify(body);
  const poison = '"__proto__":{"polluted":true,"isAdmin":true},"constructor":{"prototype":{"polluted":true}},';
  return text.includes('"metadata":{')
    ? text.replace('"metadata":{', `"metadata":{${poison}`)
    : text.replace(/^\{/, `{${poison}`);
};
