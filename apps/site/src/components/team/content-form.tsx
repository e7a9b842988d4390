import { shapeSuffix, type FormNode, type FormValue } from '@growmail/contracts/content/form';
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
 * number, a choice, a group of fields, a list with its buttons, or a block of one of several
 * shapes. Every button posts the form, so all of it works without JavaScript.
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
