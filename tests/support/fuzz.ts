import fc from 'fast-check';

/**
 * Fuzzing from the shared zod schemas. `validValue` walks a schema's definition (zod classic
 * and zod/mini share `schema._zod.def`) into an arbitrary of values that look valid: strings
 * of the right length and pattern, enum and literal values, numbers within bounds. `fieldPaths`
 * lists every field a request can carry, and `mutatedBody` breaks one valid value in one way:
 * a hostile value in one field, a field removed, an extra or duplicated key, `__proto__`, a
 * number JSON.parse cannot hold, bytes that are not UTF-8, or a whole body of junk.
 */

type CheckDef = {
  check?: string;
  format?: string;
  pattern?: RegExp;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
};
type Def = CheckDef & {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  element?: unknown;
  keyType?: unknown;
  valueType?: unknown;
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: { _zod: { def: CheckDef } }[];
  getter?: () => unknown;
};

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The wrappers that only make a value optional, nullable or defaulted. */
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/* ------------------------------------------------------------------------------------------ */
/* Valid-looking values                                                                       */
/* ------------------------------------------------------------------------------------------ */

const alphanumeric = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
const word = fc.string({ unit: alphanumeric, minLength: 1, maxLength: 10 });

/** Addresses every email rule accepts: lowercase letters and digits, sometimes a dot, plus or capital. */
export const emailAddress = fc
  .tuple(
    word,
    fc.constantFrom('', '.', '+', '_', '-'),
    word,
    word,
    fc.constantFrom('com', 'io', 'example', 'ng', 'co.uk'),
    fc.boolean(),
  )
  .map(([local, separator, tag, domain, tld, capital]) => {
    const address = `${separator ? `${local}${separator}${tag}` : local}@${domain}.${tld}`;
    return capital ? address.replace(/^./, (first) => first.toUpperCase()) : address;
  });

/** Text a person would type: ASCII, accents and scripts, emoji, tabs and newlines (which every text rule allows). */
const humanText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }) },
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.constantFrom(
    'Ada Lovelace',
    'Grace Hopper',
    'Adébáyọ̀ Ọlọ́run',
    'Zoë Ñúñez',
    '王芳',
    'Łukasz Żółć',
    "O'Brien",
    'Ngozi-Okafor',
    '🚀 Launch week',
    'Pricing for agencies',
    'Line one\nline two',
    'Line one\r\nline two',
    '\tTabbed',
    '  padded  ',
    'مرحبا',
    'שלום',
  ),
);

type StringRules = { min: number; max: number; patterns: RegExp[]; email: boolean; url: boolean };

function stringRules(def: Def): StringRules {
  const rules: StringRules = { min: 0, max: Infinity, patterns: [], email: false, url: false };
  for (const check of [def, ...(def.checks ?? []).map((c) => c._zod.def)]) {
    if (check.check === 'min_length') rules.min = Math.max(rules.min, check.minimum ?? 0);
    if (check.check === 'max_length') rules.max = Math.min(rules.max, check.maximum ?? Infinity);
    if (check.check === 'length_equals') rules.min = rules.max = check.length ?? 0;
    if (check.format === 'email') rules.email = true;
    else if (check.format === 'url') rules.url = true;
    else if (check.pattern instanceof RegExp) rules.patterns.push(check.pattern);
  }
  // A pattern that takes an address and refuses a word is an email pattern (forms.ts's basic one).
  if (rules.patterns.some((pattern) => pattern.test('ada@example.com') && !pattern.test('ada'))) rules.email = true;
  return rules;
}

function stringValue(def: Def): fc.Arbitrary<string> {
  const rules = stringRules(def);
  const fits = (value: string) =>
    value.length >= rules.min && value.length <= rules.max && rules.patterns.every((pattern) => pattern.test(value));
  if (rules.email) return emailAddress.filter(fits);
  if (rules.url) return fc.webUrl({ validSchemes: ['https'] }).filter(fits);
  const [pattern] = rules.patterns;
  if (pattern) return fc.stringMatching(pattern).filter(fits);
  const max = Math.min(rules.max, Math.max(rules.min, 40));
  return fc.oneof(humanText, fc.string({ unit: 'grapheme-ascii', minLength: rules.min, maxLength: max })).filter(fits);
}

function numberValue(def: Def): fc.Arbitrary<number> {
  let min = -Infinity;
  let max = Infinity;
  let minExcluded = false;
  let maxExcluded = false;
  let integer = false;
  for (const check of (def.checks ?? []).map((c) => c._zod.def)) {
    if (check.check === 'greater_than' && typeof check.value === 'number') {
      min = check.value;
      minExcluded = !check.inclusive;
    }
    if (check.check === 'less_than' && typeof check.value === 'number') {
      max = check.value;
      maxExcluded = !check.inclusive;
    }
    if (check.check === 'number_format' && /int/.test(check.format ?? '')) integer = true;
  }
  const fits = (value: number) =>
    (minExcluded ? value > min : value >= min) && (maxExcluded ? value < max : value <= max);
  const low = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const high = Math.min(max, Number.MAX_SAFE_INTEGER);
  const integers = fc.integer({ min: Math.ceil(low), max: Math.floor(high) }).filter(fits);
  const small = fc.integer({ min: Math.max(Math.ceil(low), -100_000), max: Math.min(Math.floor(high), 100_000) });
  if (integer) return fc.oneof(small.filter(fits), integers);
  const doubles = fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }).filter(fits);
  return fc.oneof(small.filter(fits), doubles);
}

/**
 * An arbitrary of values close to what `schema` accepts. `overrides` supplies, by dotted field
 * path, what a schema cannot say (a real P-256 key, an allowed push host).
 */
export function validValue(
  schema: unknown,
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
  path: string[] = [],
): fc.Arbitrary<unknown> {
  const override = overrides[path.join('.')];
  if (override) return override;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const model = Object.fromEntries(
        Object.entries(shape).map(([key, inner]) => [key, validValue(inner, overrides, [...path, key])]),
      );
      const requiredKeys = Object.keys(shape).filter((key) => defOf(shape[key]).type !== 'optional');
      return fc.record(model, { requiredKeys });
    }
    case 'string':
      return stringValue(def);
    case 'number':
      return numberValue(def);
    case 'int':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return validValue(def.innerType, overrides, path);
    case 'nullable':
      return fc.option(validValue(def.innerType, overrides, path), { nil: null, freq: 4 });
    case 'pipe':
      // The output side names the format (z.email() after a trimmed string); a transform does not.
      return defOf(def.out).type === 'transform'
        ? validValue(def.in, overrides, path)
        : validValue(def.out, overrides, path);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => validValue(option, overrides, path)));
    case 'record':
      return fc.dictionary(
        validValue(def.keyType, overrides, [...path, 'key']) as fc.Arbitrary<string>,
        validValue(def.valueType, overrides, [...path, 'key']),
        { maxKeys: 4 },
      );
    case 'array':
      return fc.array(validValue(def.element, overrides, [...path, '0']), { maxLength: 3 });
    case 'lazy':
      return validValue(def.getter?.(), overrides, path);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Every path from the root to a field of the schema, such as ['metadata', 'email']; records and arrays get one sample key. */
export function fieldPaths(schema: unknown, prefix: string[] = []): string[][] {
  const def = defOf(schema);
  const below = (inner: unknown, key: string) => [
    [...prefix, key],
    ...fieldPaths(inner, [...prefix, key]).filter((path) => path.length > prefix.length + 1),
  ];
  if (wrappers.has(def.type)) return fieldPaths(def.innerType, prefix);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, inner]) => below(inner, key));
    case 'pipe':
      return fieldPaths(def.in, prefix);
    case 'union':
      return uniquePaths((def.options ?? []).flatMap((option) => fieldPaths(option, prefix)));
    case 'record':
      return below(def.valueType, 'key');
    case 'array':
      return below(def.element, '0');
    default:
      return [];
  }
}

const uniquePaths = (paths: string[][]) => [...new Map(paths.map((path) => [path.join('.'), path])).values()];

/* ------------------------------------------------------------------------------------------ */
/* Editing a value                                                                            */
/* ------------------------------------------------------------------------------------------ */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `value` with `path` set to `replacement`, creating objects on the way. */
export function withField(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const base = isObject(value) ? { ...value } : {};
  return { ...base, [head]: withField(base[head], rest, replacement) };
}

/** A copy of `value` without the field at `path`. */
export function withoutField(value: unknown, path: string[]): unknown {
  if (!isObject(value) || path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const { [head]: inner, ...others } = value;
  return rest.length === 0 ? others : { ...others, [head]: withoutField(inner, rest) };
}

/** The value at `path`, if there is one. */
export const fieldAt = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>((inner, key) => (isObject(inner) ? inner[key] : undefined), value);

/** The paths of the objects inside `value` (the root is []), where an extra key can go. */
export function objectPaths(value: unknown, prefix: string[] = []): string[][] {
  if (!isObject(value)) return [];
  return [prefix, ...Object.entries(value).flatMap(([key, inner]) => objectPaths(inner, [...prefix, key]))];
}

/* ------------------------------------------------------------------------------------------ */
/* Raw JSON text                                                                              */
/* ------------------------------------------------------------------------------------------ */

/*
 * Some payloads cannot be built as objects: JSON.stringify drops a `__proto__` own key set by
 * an object literal, cannot write 1e400 or a duplicate key, and writes well-formed UTF-8 only.
 * `raw(text)` marks a string (value or key) that `serialize` writes as `text` itself, without
 * quotes; `rawBytes` marks one written as those bytes.
 */
const mark = '\uE000';
const marked = /"\uE000((?:[^"\\]|\\.)*)\uE000"/g;

export const raw = (text: string) => `${mark}${text}${mark}`;
export const rawBytes = (bytes: number[]) => raw(`bytes:${Buffer.from(bytes).toString('hex')}`);

/** JSON text of `value` with every raw mark replaced, as a Buffer when it holds raw bytes. */
export function serialize(value: unknown): string | Buffer {
  const json = JSON.stringify(value) ?? '';
  const pieces: (string | Buffer)[] = [];
  let last = 0;
  for (const match of json.matchAll(marked)) {
    pieces.push(json.slice(last, match.index));
    const text = JSON.parse(`"${match[1]}"`) as string;
    pieces.push(text.startsWith('bytes:') ? Buffer.from(text.slice('bytes:'.length), 'hex') : text);
    last = match.index + match[0].length;
  }
  pieces.push(json.slice(last));
  return pieces.some((piece) => Buffer.isBuffer(piece))
    ? Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)))
    : pieces.join('');
}

/* ------------------------------------------------------------------------------------------ */
/* Hostile values                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** Characters that break a store or a terminal when they ride inside an otherwise valid value. */
export const controlCharacter = fc.constantFrom(
  '\u0000',
  '\u001b',
  '\u0007',
  '\u0008',
  '\u0085',
  '\u009b',
  '\u007f',
  '\r',
  '\u2028',
  '\ufeff',
  '\ud800',
  '\udc00',
);

/** A valid value with one hostile character slipped in: `ada\u0000@example.com` passes a loose email pattern. */
export const nearlyValid = (valid: string) =>
  fc
    .tuple(controlCharacter, fc.integer({ min: 0, max: valid.length }))
    .map(([char, at]) => `${valid.slice(0, at)}${char}${valid.slice(at)}`);

/** Short text dense with control characters and lone surrogates among ordinary ones. */
export const controlText = fc.string({
  unit: fc.oneof(controlCharacter, fc.constantFrom('a', 'Z', '0', '@', '.', ' ', '-', 'é')),
  minLength: 1,
  maxLength: 12,
});

export const hostileString = fc.oneof(
  { weight: 2, arbitrary: controlText },
  fc.constantFrom(
    '\u0000',
    'Ada\u0000Lovelace',
    'ada\u0000@example.com',
    'ada@example.com\u0000',
    '\u001b]0;owned\u0007',
    '\u001b[31mred\u001b[0m',
    '\u0007\u0007\u0007',
    '\u0085\u009b',
    '\ud800',
    'lone \udfff surrogate',
    '\udbff\udfff',
    '\r',
    '\r\n\r\n',
    '\t',
    "'; drop table leads; --",
    "' or '1'='1",
    '" or ""="',
    '1; select pg_sleep(10)',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '{{7*7}}${7*7}',
    '%00%0d%0a',
    '%zz',
    '../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '',
    ' ',
    '\u00a0',
    '\u200b',
    'null',
    'undefined',
    'NaN',
    'x'.repeat(100_000),
    `${'a'.repeat(100_000)}@example.com`,
    'a@b.c'.repeat(60),
    '🚀'.repeat(300),
    '\u0301'.repeat(500),
    'Adébáyọ̀ Ọlọ́run',
    '\u202eevil\u202c',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(
    1e300,
    -1e300,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.EPSILON,
    2 ** 53 + 1,
    -(2 ** 53) - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 64,
    -0,
    0,
    -1,
    1.5,
    0.1 + 0.2,
    8.64e15,
    8.64e15 + 1,
    1e15 + 1,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Number tokens JSON.parse reads as Infinity, -0, or a rounded big integer, and text JSON.parse refuses. */
export const hostileNumberText = fc.constantFrom(
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '-0.0',
  '123456789012345678901234567890',
  '9007199254740993',
  '0.1e1',
  '1E+2',
  '01',
  '.5',
  '1.',
  '+1',
  '0x10',
  'NaN',
  'Infinity',
  'undefined',
  "'single quoted'",
  '"\\ud800"',
  '"\\u0000"',
  '"\\uZZZZ"',
  '"\\x00"',
  `"${'\\'.repeat(999)}"`,
);

/** Objects and arrays nested far deeper than any schema goes. */
export const deepJunk = fc.integer({ min: 50, max: 400 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
  return value;
});

/** JSON.parse itself nests this deep; the body limits stop far deeper text. */
const deepText = fc
  .integer({ min: 1000, max: 7000 })
  .chain((depth) =>
    fc.constantFrom(
      raw(`${'['.repeat(depth)}${']'.repeat(depth)}`),
      raw(`${'{"a":'.repeat(depth / 5)}1${'}'.repeat(depth / 5)}`),
      raw('['.repeat(depth)),
    ),
  );

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  fc.constantFrom(null, true, false, [], {}, [[]], [null], { '': '' }, ['ada@example.com', 'grace@example.com']),
  deepJunk,
  deepText,
  hostileNumberText.map(raw),
  fc.constantFrom(rawBytes([0x22, 0x61, 0xff, 0x62, 0x22]), rawBytes([0x22, 0xc0, 0x80, 0x22])),
  fc.constantFrom(rawBytes([0x22, 0xed, 0xa0, 0x80, 0x22]), rawBytes([0x22, 0xf4, 0x90, 0x80, 0x80, 0x22])),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);

/** Key names that mean something to JavaScript, a store, or the forms (the honeypot). */
export const hostileKey = fc.oneof(
  fc.constantFrom(
    raw('"__proto__"'),
    raw('"constructor"'),
    raw('"prototype"'),
    'toString',
    'hasOwnProperty',
    'valueOf',
    '__defineGetter__',
    'homepage',
    '',
    ' ',
    '\u0000',
    '\ud800',
    '$where',
    'a.b',
    'k'.repeat(10_000),
  ),
  hostileString.filter((key) => key.length < 1000),
);

/** What goes under a `__proto__` or `constructor` key: objects that pollute a prototype if anyone merges them. */
const pollution = fc.constantFrom(
  raw('{"polluted":"yes","isAdmin":true,"toString":"x"}'),
  raw('{"prototype":{"polluted":"yes"}}'),
  raw('{"__proto__":{"polluted":"yes"}}'),
  raw('null'),
  raw('[]'),
  raw('"x"'),
);

/**
 * One valid body of `schema` broken in one way; the result is JSON text (a string or, with
 * raw bytes, a Buffer) ready to send.
 */
export function mutatedBody(valid: fc.Arbitrary<unknown>, schema: unknown): fc.Arbitrary<string | Buffer> {
  const paths = fieldPaths(schema);
  const path = fc.constantFrom(...paths);
  return valid
    .chain((value) => {
      const strings = paths.filter((at) => typeof fieldAt(value, at) === 'string');
      const objects = objectPaths(value);
      const existing = paths.filter((at) => fieldAt(value, at) !== undefined);
      return fc.oneof(
        // Valid, to reach past validation into the handlers and the database.
        { weight: 2, arbitrary: fc.constant(value) },
        // One field, at any depth, made hostile.
        { weight: 6, arbitrary: fc.tuple(path, hostileValue).map(([at, bad]) => withField(value, at, bad)) },
        // A valid string with one control character or lone surrogate slipped in.
        {
          weight: 3,
          arbitrary: strings.length
            ? fc
                .constantFrom(...strings)
                .chain((at) => nearlyValid(fieldAt(value, at) as string).map((bad) => withField(value, at, bad)))
            : fc.constant(value),
        },
        // A field left out.
        fc.constantFrom(...paths).map((at) => withoutField(value, at)),
        // Extra keys, `__proto__` and friends, anywhere an object is.
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.constantFrom(...objects), hostileKey, fc.oneof(pollution, hostileValue))
            .map(([at, key, bad]) => withField(value, [...at, key], bad)),
        },
        // A key twice: which one wins is JSON.parse's choice.
        existing.length
          ? fc
              .tuple(fc.constantFrom(...existing), hostileValue)
              .map(([at, bad]) => withField(value, [...at.slice(0, -1), raw(JSON.stringify(at.at(-1)))], bad))
          : fc.constant(value),
        // The whole body replaced.
        hostileValue,
      );
    })
    .map(serialize);
}

/* ------------------------------------------------------------------------------------------ */
/* Query strings and paths                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as in a browser). */
export const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Broken or surprising percent-encodings, as sent on the wire. */
export const brokenEncoding = fc.constantFrom(
  '%zz',
  '%',
  '%2',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%80',
  '%C0%AF',
  '%FF%FE',
  '%00',
  '%0D%0A',
  '%25',
  '%u0000',
  '+',
  '%2B',
);

/** `key` carrying a hostile value as query parameters: repeated for arrays, bracketed for objects. */
function queryPairs(key: string, value: unknown): string[] {
  const name = percentEncode(key);
  if (value === null) return [name];
  if (Array.isArray(value)) return value.length ? value.flatMap((item) => queryPairs(key, item)) : [`${name}[]=`];
  if (isObject(value))
    return Object.entries(value)
      .slice(0, 5)
      .map(([sub, item]) => `${name}[${percentEncode(sub)}]=${percentEncode(String(JSON.stringify(item)))}`);
  return [`${name}=${percentEncode(String(value))}`];
}

/** A query string from a valid value of a flat schema, broken in one way. */
export function mutatedQuery(valid: fc.Arbitrary<Record<string, unknown>>, schema: unknown): fc.Arbitrary<string> {
  const keys = fieldPaths(schema).map((path) => path[0]!);
  const key = fc.constantFrom(...keys);
  const plain = (value: Record<string, unknown>) =>
    Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([name, item]) => `${percentEncode(name)}=${percentEncode(String(item))}`);
  return valid.chain((value) =>
    fc
      .oneof(
        { weight: 2, arbitrary: fc.constant(plain(value)) },
        // One parameter made hostile (arrays repeat the key, objects bracket it).
        {
          weight: 5,
          arbitrary: fc
            .tuple(key, hostileValue)
            .map(([name, bad]) => [...plain({ ...value, [name]: undefined }), ...queryPairs(name, bad)]),
        },
        // A valid parameter with a control character slipped in.
        {
          weight: 2,
          arbitrary: key.chain((name) =>
            nearlyValid(String(value[name] ?? 'ada@example.com')).map((bad) => plain({ ...value, [name]: bad })),
          ),
        },
        // The same key twice (?email=a&email=b), or once more with junk.
        fc
          .tuple(key, fc.oneof(hostileString, emailAddress))
          .map(([name, other]) => [...plain(value), `${percentEncode(name)}=${percentEncode(other)}`]),
        // A parameter left out, or an extra one.
        key.map((name) => plain({ ...value, [name]: undefined })),
        fc
          .tuple(
            fc.constantFrom('homepage', '__proto__', 'constructor', 'a[b]', '', '__proto__[polluted]'),
            hostileString,
          )
          .map(([name, bad]) => [...plain(value), `${percentEncode(name)}=${percentEncode(bad)}`]),
        // An encoding no decoder takes, in a name or a value.
        fc
          .tuple(key, brokenEncoding, fc.boolean())
          .map(([name, broken, inName]) => [
            ...plain({ ...value, [name]: undefined }),
            inName ? `${broken}=x` : `${percentEncode(name)}=${broken}`,
          ]),
        fc.constantFrom(['&&=&'], ['='], ['&'], [';'], [`a=${'b'.repeat(70_000)}`]),
      )
      .map((pairs) => pairs.join('&')),
  );
}

/** A path segment nobody should send. */
export const hostileSegment = fc.oneof(
  { weight: 3, arbitrary: hostileString.filter((text) => text.length < 5000).map(percentEncode) },
  brokenEncoding,
  fc.constantFrom(
    '..',
    '.',
    '..%2f..%2f',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '%2e%2e%2f',
    '%5c..%5c',
    '*',
    '',
    '~',
    ';x=1',
    '%3Fq=1',
    '%23frag',
    '%2F%2F',
    'a'.repeat(5000),
    'a'.repeat(100_000),
    'index.html',
    '.env',
    '_astro',
  ),
);

/* ------------------------------------------------------------------------------------------ */
/* Bodies of the wrong kind                                                                   */
/* ------------------------------------------------------------------------------------------ */

export const jsonType = 'application/json';

/** A body's content type: mostly JSON, sometimes one no endpoint takes, or none. */
export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | undefined>(jsonType) },
  fc.constantFrom<string | undefined>(
    undefined,
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=----fuzz',
    'multipart/form-data',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/json; charset=utf-8; boundary=x',
    'application/json, text/plain',
    'application/vnd.api+json',
    'application/xml',
    'application/octet-stream',
    '*/*',
    'json',
    '',
    ';;;=',
  ),
);

/** Bodies that are not what any endpoint reads. */
export const junkBody = fc.oneof(
  fc.constantFrom<string | Buffer>(
    '',
    '{"email": ',
    '{',
    '}',
    '{"a":1,}',
    "{'a':1}",
    'null',
    '[]',
    '"\\ud800"',
    '\ufeff{}',
    'a=%zz&b&&=&c=%',
    'List-Unsubscribe=One-Click',
    '------fuzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@example.com\r\n------fuzz',
    '------fuzz\r\nContent-Disposition: form-data; name="file"; filename="../../x"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u0001',
    '--\r\n\r\n--',
    JSON.stringify({ note: 'x'.repeat(70 * 1024) }),
    'x'.repeat(70 * 1024),
    Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  ),
  hostileValue.map(serialize),
  fc.string({ unit: 'binary-ascii', maxLength: 200 }),
);

/** Headers a client may add: compression preferences, conditional requests, agents, forwarded addresses. */
export const extraHeaders = fc.record(
  {
    'accept-encoding': fc.constantFrom(
      'gzip, br',
      'br;q=1e400, gzip;q=-1',
      'zstd;q=abc, *;q=0',
      '*',
      ',,,;;;',
      'identity;q=0',
      'x'.repeat(8000),
    ),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"', '"'.repeat(100)),
    'user-agent': fc.constantFrom('Mozilla/5.0', 'Mozilla\u0085\u00ff', 'u'.repeat(10_000), ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::ffff:127.0.0.1, 10.0.0.1', ',,,'),
    accept: fc.constantFrom('*/*', 'application/json', 'text/html;q=abc', ''),
  },
  { requiredKeys: [] },
);
