import { imageFields, shapeSuffix, type FormNode, type FormValue } from '@growmail/contracts/content/form';
import type { ReactNode } from 'react';

/** A field's name in words: `heroLead` is "Hero lead"; a code in capitals (`USD`) stays one. */
export const fieldLabel = (name: string) => {
  if (/^[A-Z]+$/.test(name)) return name;
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
/** What one item of a list is called: "Benefit 2" of "Benefits". */
const itemLabel = (list: string, index: number) => `${list.replace(/([^s])s$/, '$1')} ${index + 1}`;

/** What a block of one shape is called: a paragraph, or a group by its first field (a list). */
const shapeName = (node: FormNode) =>
  node.type === 'text'
    ? 'paragraph'
    : node.type === 'group'
      ? fieldLabel(node.fields[0]?.[0] ?? 'group').toLowerCase()
      : 'block';

/**
 * A field's id: its name, which is its place in the form and so unique on the page (`en.hero.lead`),
 * for its label and for the link from the problems above the form.
 */
export const fieldId = (name: string) => name;

type Props = {
  node: FormNode;
  value: FormValue;
  /** The field's name as the form posts it: its place, `en.hero.lead`. */
  name: string;
  label: string;
  problems: Record<string, string>;
  /** A list item's buttons (move, remove), shown inside the item, so they are read as its own. */
  actions?: ReactNode;
};

const Buttons = ({ children }: { children: ReactNode }) => <p className="flex flex-wrap gap-2">{children}</p>;

const Problem = ({ name, problems }: { name: string; problems: Record<string, string> }) =>
  problems[name] ? (
    <p id={`${fieldId(name)}-p`} className="mb-1 text-sm text-red-900">
      {problems[name]}
    </p>
  ) : null;

/**
 * One control of an entry's form (D45), made from its schema's node: a line or a box of text, a
 * number, a choice, a group of fields, a list with its buttons, a block of one of several
 * shapes, or an image. Every button posts the form, so all of it works without JavaScript.
 */
export function ContentField({ node, value, name, label, problems, actions }: Props) {
  const id = fieldId(name);
  if (node.type === 'group') {
    const group = typeof value === 'object' && !Array.isArray(value) ? value : {};
    return (
      <fieldset {...(problems[name] ? { id } : {})}>
        <legend>{label}</legend>
        <Problem name={name} problems={problems} />
        {node.fields.map(([field, child]) => (
          <ContentField
            key={field}
            node={child}
            value={group[field] ?? ''}
            name={`${name}.${field}`}
            label={fieldLabel(field)}
            problems={problems}
          />
        ))}
        {actions && <Buttons>{actions}</Buttons>}
      </fieldset>
    );
  }
  if (node.type === 'list') {
    const items = Array.isArray(value) ? value : [];
    return (
      <fieldset {...(problems[name] ? { id } : {})}>
        <legend>{label}</legend>
        <Problem name={name} problems={problems} />
        {items.map((item, index) => {
          const place = `${name}.${index}`;
          const called = itemLabel(label, index);
          const buttons = [
            // Up alone moves any item anywhere (an item goes down as the next goes up), at half the bytes.
            index > 0 && (
              <button key="up" name="_list" value={`up:${place}`}>
                Move up
              </button>
            ),
            items.length > (node.min ?? 0) && (
              <button key="remove" name="_list" value={`remove:${place}`}>
                Remove
              </button>
            ),
          ].filter(Boolean);
          return (
            <ContentField
              key={index}
              node={node.item}
              value={item}
              name={place}
              label={called}
              problems={problems}
              actions={buttons.length > 0 ? buttons : undefined}
            />
          );
        })}
        {items.length < (node.max ?? Infinity) && (
          <Buttons>
            {node.item.type === 'either' ? (
              node.item.shapes.map((shape, index) => (
                <button key={index} name="_list" value={`add:${name}:${index}`}>
                  Add a {shapeName(shape)}
                </button>
              ))
            ) : (
              <button name="_list" value={`add:${name}`}>
                Add to {label.toLowerCase()}
              </button>
            )}
          </Buttons>
        )}
      </fieldset>
    );
  }
  if (node.type === 'image')
    return <ImageField optional={node.optional} value={value} name={name} label={label} problems={problems} />;
  if (node.type === 'either') {
    const block = typeof value === 'object' && !Array.isArray(value) ? value : {};
    const shape = Number(block[shapeSuffix] ?? 0);
    return (
      <ContentField
        node={node.shapes[shape] ?? node.shapes[0]!}
        value={block['value'] ?? ''}
        name={name}
        label={label}
        problems={problems}
        actions={actions}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  const control = {
    id,
    name,
    defaultValue: text,
    ...(problems[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-p` } : {}),
  };
  const field = (
    <div>
      <label htmlFor={id}>
        {label}
        {node.optional && <span className="font-normal"> (optional)</span>}
        {node.type === 'text' && node.max !== undefined && (
          <span className="font-normal text-ink-700"> (at most {node.max} characters)</span>
        )}
        {node.type === 'text' && node.markdown && (
          <span className="font-normal text-ink-700"> (**strong**, *emphasis*, [words](https://…), - list)</span>
        )}
      </label>
      <Problem name={name} problems={problems} />
      {node.type === 'choice' ? (
        <select {...control}>
          {!node.options.includes(text) && <option value={text}>Choose…</option>}
          {node.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : node.type === 'text' && node.long ? (
        <textarea {...control} />
      ) : (
        <input
          {...control}
          {...(node.type === 'number' ? { inputMode: 'numeric' as const } : {})}
          {...(node.type === 'text' && node.input !== 'text' ? { type: node.input } : {})}
        />
      )}
    </div>
  );
  return actions ? (
    <div className="grid gap-2">
      {field}
      <Buttons>{actions}</Buttons>
    </div>
  ) : (
    field
  );
}

/**
 * An image field: the image it holds now, previewed from the console (members only), a file to
 * choose in its place, a box to remove it when it may be left out, and its alt text. The form
 * posts as multipart/form-data; the image it holds rides along hidden, so a refused form keeps it.
 */
function ImageField({
  optional,
  value,
  name,
  label,
  problems,
}: Omit<Props, 'node' | 'actions'> & { optional: boolean }) {
  const image = typeof value === 'object' && !Array.isArray(value) ? value : {};
  const src = typeof image['src'] === 'string' ? image['src'] : '';
  const fields = imageFields(name);
  const hash = /^sha256:([0-9a-f]{64})$/.exec(src)?.[1];
  const described = problems[fields.src] ? { 'aria-invalid': true, 'aria-describedby': `${fields.src}-p` } : {};
  return (
    <fieldset>
      <legend>
        {label}
        {optional && <span className="font-normal"> (optional)</span>}
      </legend>
      <input type="hidden" name={fields.src} value={src} />
      {hash && (
        <p className="flex flex-wrap items-center gap-3">
          <img
            src={`/team/site/images/${hash}`}
            alt={typeof image['alt'] === 'string' && image['alt'].trim() ? image['alt'] : 'No alt text yet'}
            width={160}
          />
          {optional && (
            <label>
              <input type="checkbox" name={fields.remove} value="yes" /> Remove the image
            </label>
          )}
        </p>
      )}
      <div>
        <label htmlFor={fields.src}>
          {hash ? 'Replace it with' : 'Image'}
          <span className="font-normal"> (JPEG, PNG or WebP, up to 5 MB)</span>
        </label>
        <Problem name={fields.src} problems={problems} />
        <input type="file" id={fields.src} name={fields.file} accept="image/jpeg,image/png,image/webp" {...described} />
      </div>
      <ContentField
        node={{ type: 'text', long: false, input: 'text', max: 200, optional: false }}
        value={image['alt'] ?? ''}
        name={fields.alt}
        label="Alt text: what the picture shows"
        problems={problems}
      />
    </fieldset>
  );
}
