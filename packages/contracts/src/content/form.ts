import type * as z from 'zod/mini';
import { contentControls } from './schemas.ts';

/**
 * The console's form for an entry of the site's content (D45), made from the entry's schema, so
 * a new field in a schema appears in the editor with no other change. A schema becomes a tree of
 * controls: text (a line, or a long text where the schema says so), a number, a choice, a group
 * of fields, a list whose items are added, removed and moved by buttons that post the form, a
 * block that is one of several shapes (a paragraph or a list), and an image (a file, its alt text,
 * and a box to remove it; `imageFields` says how it posts). The form's values are kept as
 * the form holds them, text at every leaf (`FormValue`), so a refused form comes back as typed;
 * `typedValue` turns them into what the schema checks.
 */
export type FormNode =
  | {
      type: 'text';
      long: boolean;
      /** A text in the site's subset of Markdown (content/markdown.ts): the form says what it takes. */
      markdown?: true;
      input: 'text' | 'url' | 'date';
      max?: number;
      optional: boolean;
    }
  | { type: 'number'; optional: boolean }
  | { type: 'choice'; options: string[]; optional: boolean }
  | { type: 'group'; fields: Array<[string, FormNode]>; optional: boolean }
  | { type: 'list'; item: FormNode; min?: number; max?: number; optional: boolean }
  | { type: 'either'; shapes: FormNode[]; optional: boolean }
  | { type: 'image'; optional: boolean };

/** An entry's value as the form holds it: text at the leaves; a block of several shapes says which it is. */
export type FormValue = string | FormValue[] | { [field: string]: FormValue };

const isGroup = (value: FormValue | undefined): value is { [field: string]: FormValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a block of several shapes says which it is, in the form's value (a form tells it by the fields posted). */
export const shapeSuffix = '~shape';

/**
 * How an image field at `name` posts: the image it holds now (`sha256:…`, hidden), a new file to
 * replace it, its alt text, and a box ticked to remove it. The form is sent as
 * multipart/form-data when it has one (`hasImage`); the server stores a file it accepts and puts
 * its hash in `src`, so a form sent back refused keeps the upload.
 */
export const imageFields = (name: string) => ({
  src: `${name}.src`,
  file: `${name}.file`,
  alt: `${name}.alt`,
  remove: `${name}.remove`,
});

/** Whether a form has an image field, so it is sent as multipart/form-data. */
export const hasImage = (node: FormNode): boolean =>
  node.type === 'image' ||
  (node.type === 'group' && node.fields.some(([, field]) => hasImage(field))) ||
  (node.type === 'list' && hasImage(node.item)) ||
  (node.type === 'either' && node.shapes.some(hasImage));

/**
 * The places of a form's image fields in a language's value (`en.picture`), where a posted file
 * may go: a list's items by their number in the value.
 */
export function imagePlaces(node: FormNode, value: FormValue | undefined, name: string): string[] {
  if (node.type === 'image') return [name];
  if (node.type === 'group')
    return node.fields.flatMap(([field, child]) =>
      imagePlaces(child, isGroup(value) ? value[field] : undefined, `${name}.${field}`),
    );
  if (node.type === 'list' && Array.isArray(value))
    return value.flatMap((item, index) => imagePlaces(node.item, item, `${name}.${index}`));
  if (node.type === 'either' && isGroup(value)) {
    const shape = node.shapes[Number(value[shapeSuffix])] ?? node.shapes[0]!;
    return imagePlaces(shape, value['value'], name);
  }
  return [];
}

type Def = {
  type: string;
  format?: string;
  checks?: Array<{ _zod: { def: { check: string } } }>;
  entries?: Record<string, string>;
  values?: unknown[];
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  in?: z.ZodMiniType;
};
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** A length a schema's checks set: at least, at most, or exactly (both). */
function limit(def: Def, bound: 'minimum' | 'maximum'): number | undefined {
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def as { check: string; minimum?: number; maximum?: number; length?: number };
    if (check.check === 'length_equals') return check.length;
    if (check.check === (bound === 'minimum' ? 'min_length' : 'max_length')) return check[bound];
  }
  return undefined;
}

/** The form of a schema: what an editor fills in, in the schema's order. */
export function formOf(schema: z.ZodMiniType, optional = false): FormNode {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return formOf(def.innerType!, true);
    case 'pipe':
      // What is written is the pipe's input: the rest is worked out from it (sides, links).
      return formOf(def.in!, optional);
    case 'string': {
      const max = limit(def, 'maximum');
      const input = def.format === 'url' ? 'url' : def.format === 'date' ? 'date' : 'text';
      const control = contentControls.get(schema)?.control;
      const long = control === 'long-text' || control === 'markdown';
      const markdown = control === 'markdown' ? { markdown: true as const } : {};
      return { type: 'text', long, ...markdown, input, ...(max === undefined ? {} : { max }), optional };
    }
    case 'number':
      return { type: 'number', optional };
    case 'enum':
      return { type: 'choice', options: Object.values(def.entries!), optional };
    case 'object':
      if (contentControls.get(schema)?.control === 'image') return { type: 'image', optional };
      return {
        type: 'group',
        fields: Object.entries(def.shape!).map(([name, field]) => [name, formOf(field)]),
        optional,
      };
    case 'array': {
      const [min, max] = [limit(def, 'minimum'), limit(def, 'maximum')];
      return {
        type: 'list',
        item: formOf(def.element!),
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
        optional,
      };
    }
    case 'union': {
      // A literal beside text (a block's link: 'register' or a path) is text that may say the literal.
      const shapes = def.options!.filter((option) => defOf(option).type !== 'literal').map((option) => formOf(option));
      return shapes.length === 1 ? { ...shapes[0]!, optional } : { type: 'either', shapes, optional };
    }
    default:
      throw new Error(`The console has no control for a schema of type ${def.type}.`);
  }
}

/** Which of a block's shapes a value is: the first whose kind of value it has. */
function shapeOf(node: Extract<FormNode, { type: 'either' }>, value: unknown): number {
  const index = node.shapes.findIndex((shape) =>
    shape.type === 'group'
      ? isGroup(value as FormValue)
      : shape.type === 'list'
        ? Array.isArray(value)
        : typeof value === 'string',
  );
  return Math.max(index, 0);
}

/** A value of the content (published or a draft) as the form holds it. */
export function formValueOf(node: FormNode, value: unknown): FormValue {
  switch (node.type) {
    case 'text':
    case 'choice':
      return typeof value === 'string' ? value : '';
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'group':
      return Object.fromEntries(
        node.fields.map(([name, field]) => [
          name,
          formValueOf(field, (value as Record<string, unknown> | undefined)?.[name]),
        ]),
      );
    case 'list':
      return Array.isArray(value) ? value.map((item) => formValueOf(node.item, item)) : [];
    case 'image': {
      const image = (value ?? {}) as { src?: unknown; alt?: unknown };
      return {
        src: typeof image.src === 'string' ? image.src : '',
        alt: typeof image.alt === 'string' ? image.alt : '',
      };
    }
    case 'either': {
      const shape = shapeOf(node, value);
      return { [shapeSuffix]: String(shape), value: formValueOf(node.shapes[shape]!, value) };
    }
  }
}

/** Every field of a form's value by its name, as text: what two versions are compared by. */
export function fieldTexts(value: FormValue, name: string): Array<[string, string]> {
  if (typeof value === 'string') return [[name, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => fieldTexts(item, `${name}.${index}`));
  if (shapeSuffix in value) return fieldTexts(value['value'] ?? '', name);
  return Object.entries(value).flatMap(([field, item]) => fieldTexts(item, `${name}.${field}`));
}

/** An empty value of a node: what a list's new item starts as, a list within it with the fewest items it may have. */
export function emptyValue(node: FormNode): FormValue {
  if (node.type === 'list') return Array.from({ length: node.min ?? 0 }, () => emptyValue(node.item));
  if (node.type === 'group') return Object.fromEntries(node.fields.map(([name, field]) => [name, emptyValue(field)]));
  if (node.type === 'either') return { [shapeSuffix]: '0', value: emptyValue(node.shapes[0]!) };
  if (node.type === 'image') return { src: '', alt: '' };
  return '';
}

/**
 * Which of a block's shapes a posted form holds at `name`: a text where the name itself was
 * posted, a group or a list where a field under it was.
 */
function postedShape(
  node: Extract<FormNode, { type: 'either' }>,
  posted: Readonly<Record<string, unknown>>,
  name: string,
) {
  const under = Object.keys(posted).some((key) => key.startsWith(`${name}.`));
  const index = node.shapes.findIndex((shape) =>
    shape.type === 'group' || shape.type === 'list' ? under : typeof posted[name] === 'string',
  );
  return Math.max(index, 0);
}

/**
 * The form's value from a posted form, whose fields are named by their place (`en.hero.lead`,
 * `all.2.name`): a list has the items whose fields were posted, in the order of their numbers.
 */
export function postedValue(node: FormNode, posted: Readonly<Record<string, unknown>>, name: string): FormValue {
  switch (node.type) {
    case 'text':
    case 'choice':
    case 'number': {
      const value = posted[name];
      return typeof value === 'string' ? value.replace(/\r\n/g, '\n') : '';
    }
    case 'group':
      return Object.fromEntries(
        node.fields.map(([field, child]) => [field, postedValue(child, posted, `${name}.${field}`)]),
      );
    case 'list': {
      const prefix = `${name}.`;
      const indices = new Set<number>();
      for (const key of Object.keys(posted)) {
        if (!key.startsWith(prefix)) continue;
        const index = /^(\d{1,3})(?:\.|$)/.exec(key.slice(prefix.length));
        if (index) indices.add(Number(index[1]));
      }
      return [...indices].sort((a, b) => a - b).map((index) => postedValue(node.item, posted, `${prefix}${index}`));
    }
    case 'image': {
      const fields = imageFields(name);
      const text = (field: string) => (typeof posted[field] === 'string' ? posted[field] : '');
      return { src: posted[fields.remove] === 'yes' ? '' : text(fields.src), alt: text(fields.alt) };
    }
    case 'either': {
      const shape = postedShape(node, posted, name);
      return { [shapeSuffix]: String(shape), value: postedValue(node.shapes[shape]!, posted, name) };
    }
  }
}

/** What the schema is given of a form's value: numbers as numbers, an optional field left empty as absent. */
export function typedValue(node: FormNode, value: FormValue | undefined): unknown {
  switch (node.type) {
    case 'text':
    case 'choice':
      return typeof value === 'string' && (value.trim() !== '' || !node.optional) ? value : undefined;
    case 'number': {
      if (typeof value !== 'string' || value.trim() === '') return undefined;
      return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
    }
    case 'group': {
      const group = isGroup(value) ? value : {};
      const typed = Object.fromEntries(
        node.fields
          .map(([name, field]) => [name, typedValue(field, group[name])] as const)
          .filter(([, field]) => field !== undefined),
      );
      return node.optional && Object.keys(typed).length === 0 ? undefined : typed;
    }
    case 'list':
      return Array.isArray(value) ? value.map((item) => typedValue(node.item, item)) : [];
    case 'image': {
      // No image chosen: an optional one is absent, whatever alt text was left.
      const image = isGroup(value) ? value : {};
      const src = typeof image['src'] === 'string' ? image['src'] : '';
      if (src === '' && node.optional) return undefined;
      return { src, alt: typeof image['alt'] === 'string' ? image['alt'] : '' };
    }
    case 'either': {
      if (!isGroup(value)) return undefined;
      const shape = node.shapes[Number(value[shapeSuffix])] ?? node.shapes[0]!;
      return typedValue(shape, value['value']);
    }
  }
}

/** The node at a place in the form, and the value there; undefined when there is none. */
function nodeAt(
  node: FormNode,
  value: FormValue,
  path: readonly string[],
): { node: FormNode; value: FormValue } | undefined {
  if (path.length === 0) return { node, value };
  const [step, ...rest] = path as [string, ...string[]];
  if (node.type === 'group' && isGroup(value)) {
    const field = node.fields.find(([name]) => name === step);
    return field && value[step] !== undefined ? nodeAt(field[1], value[step], rest) : undefined;
  }
  if (node.type === 'list' && Array.isArray(value) && /^\d+$/.test(step) && Number(step) < value.length)
    return nodeAt(node.item, value[Number(step)]!, rest);
  // An image's file (`src`) and its alt text are each a field of the form, with its own problems.
  if (node.type === 'image' && isGroup(value) && (step === 'src' || step === 'alt') && rest.length === 0)
    return { node: { type: 'text', long: false, input: 'text', optional: node.optional }, value: value[step] ?? '' };
  if (node.type === 'either' && isGroup(value)) {
    const shape = node.shapes[Number(value[shapeSuffix])] ?? node.shapes[0]!;
    return nodeAt(shape, value['value']!, path);
  }
  return undefined;
}

/**
 * A list's button, posted as `_list`: `add:<list>` adds an empty item at its end (of its `n`th
 * shape, `add:<list>:<n>`, for a list of blocks such as paragraphs and lists), `remove:<item>`
 * removes one and `up:<item>` moves it up (any order is reached so: an item goes down as the
 * next one goes up). Each answers the form with the change, saving nothing. `values` are each
 * language's, by its name; undefined when the action names no such place.
 */
export function withListAction(
  nodes: Readonly<Record<string, FormNode>>,
  values: Readonly<Record<string, FormValue>>,
  action: string,
): Record<string, FormValue> | undefined {
  const match = /^(add|remove|up):([a-z]+(?:\.[A-Za-z0-9]+)*)(?::(\d))?$/.exec(action);
  if (!match) return undefined;
  const [, verb, place, shape] = match as unknown as [string, string, string, string | undefined];
  const [language, ...path] = place.split('.') as [string, ...string[]];
  if (!Object.hasOwn(nodes, language) || !Object.hasOwn(values, language)) return undefined;
  const copy = structuredClone(values) as Record<string, FormValue>;
  if (verb === 'add') {
    const found = nodeAt(nodes[language]!, copy[language]!, path);
    if (found?.node.type !== 'list' || !Array.isArray(found.value)) return undefined;
    const item = found.node.item;
    if (item.type !== 'either') found.value.push(emptyValue(item));
    else {
      const chosen = Number(shape ?? 0);
      if (!item.shapes[chosen]) return undefined;
      found.value.push({ [shapeSuffix]: String(chosen), value: emptyValue(item.shapes[chosen]) });
    }
    return copy;
  }
  const index = Number(path.at(-1));
  const list = nodeAt(nodes[language]!, copy[language]!, path.slice(0, -1));
  if (list?.node.type !== 'list' || !Array.isArray(list.value) || !Number.isInteger(index)) return undefined;
  const items = list.value;
  if (index >= items.length) return undefined;
  if (verb === 'remove') items.splice(index, 1);
  else if (index > 0) [items[index - 1], items[index]] = [items[index]!, items[index - 1]!];
  return copy;
}

type Issue = { path: PropertyKey[]; message: string; code?: string; expected?: string };

/** A problem in words an editor can act on; the schema's own where it has them. */
function problemText(issue: Issue, node: FormNode | undefined): string {
  if (node?.type === 'number' && issue.code === 'invalid_type') return 'must be a whole number';
  if (node?.type === 'choice' && (issue.code === 'invalid_value' || issue.code === 'invalid_type'))
    return `choose one of: ${node.options.join(', ')}`;
  if (issue.code === 'invalid_type' && issue.expected === 'string') return 'must not be empty';
  if (issue.code === 'unrecognized_keys') return 'has a field the site does not know';
  return issue.message;
}

/**
 * Each problem a schema found in a language's value, by the name of the field it is in (the
 * nearest one the form shows, for a rule of a list or a group), the first problem of each field.
 */
export function problemsByField(
  node: FormNode,
  value: FormValue,
  language: string,
  issues: readonly Issue[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    let depth = path.length;
    while (depth > 0 && !nodeAt(node, value, path.slice(0, depth))) depth--;
    const name = [language, ...path.slice(0, depth)].join('.');
    problems[name] ??= problemText(issue, nodeAt(node, value, path.slice(0, depth))?.node);
  }
  return problems;
}
