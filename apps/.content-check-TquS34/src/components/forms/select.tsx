import { autocomplete, useCombobox } from '@szhsin/react-autocomplete';
import { useEffect, useId, useMemo, useState, type FocusEvent } from 'react';
import { StrokeIcon } from '@/components/stroke-icon';
import { Field, fieldAria } from './field';
import { useHydrated } from './hydrated';
import {
  collapsedSummary,
  creatableText,
  createLabel,
  filterOptions,
  sortOptions,
  toggleAll,
  toggleValue,
  type SelectOption,
  type SortBy,
} from './select-options';

type Item = { kind: 'option'; option: SelectOption } | { kind: 'all' } | { kind: 'create'; text: string };

type Common = {
  label: string;
  name: string;
  /** The control's id, the same before and after hydration, so the error summary's link finds it. */
  id?: string;
  options: readonly SelectOption[];
  required?: boolean;
  error?: string | null;
  placeholder?: string;
  /** Shows 'Loading...' in place of the options. */
  loading?: boolean;
  sortBy?: SortBy;
  /** Lets the visitor add an entry that is not in the list. */
  creatable?: boolean;
  disabled?: boolean;
};
type Single = Common & { multiple?: false; value: string | null; onChange: (value: string | null) => void };
type Multiple = Common & { multiple: true; value: string[]; onChange: (value: string[]) => void };
export type SelectProps = Single | Multiple;

const itemLabel = (item: Item | null | undefined) =>
  !item ? '' : item.kind === 'option' ? item.option.label : item.kind === 'all' ? 'Select All' : createLabel(item.text);

/** Two entries are the same option by value; 'Select All' and 'Create' are each one entry. */
const sameItem = (a: Item | undefined, b: Item | undefined) =>
  a?.kind === 'option' && b?.kind === 'option' ? a.option.value === b.option.value : a?.kind === b?.kind;

/**
 * The site's dropdown (spec "Validation rules"), on @szhsin/react-autocomplete's useCombobox: the
 * ARIA combobox pattern with its keyboard model (arrows, Enter, Escape) done by a maintained
 * library of about 2 KB, where downshift cost the lead forms 12 KB. It filters as you type,
 * sorts, selects one or many ('Select All'), and can create entries.
 */
export function Select(props: SelectProps) {
  const hydrated = useHydrated();
  return hydrated ? <Combobox {...props} /> : <NativeSelect {...props} />;
}

/**
 * Before React runs, or without it, the same field is the browser's own select: a form posted
 * natively sends the option's value (D30). It has the combobox's height, so nothing moves when
 * the combobox takes its place.
 */
function NativeSelect(props: SelectProps) {
  const { label, name, required, error, placeholder = 'Select…', disabled } = props;
  const ownId = useId();
  const id = props.id ?? ownId;
  const errorId = `${id}-error`;
  const selected = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const options = sortOptions(props.options, props.sortBy);
  return (
    <Field label={label} labelProps={{ htmlFor: id }} required={required} error={error} errorId={errorId}>
      <select
        id={id}
        name={name}
        multiple={props.multiple}
        disabled={disabled}
        defaultValue={props.multiple ? selected : (selected[0] ?? '')}
        onChange={(event) => {
          const chosen = [...event.target.selectedOptions].map((option) => option.value);
          if (props.multiple) props.onChange(chosen);
          else props.onChange(chosen[0] || null);
        }}
        {...fieldAria(required, error, errorId)}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 text-ink-900 ${error ? 'border-red-700' : 'border-ink-300'}`}
      >
        {!props.multiple && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

function Combobox(props: SelectProps) {
  const { label, name, required, error, placeholder = 'Select…', loading, sortBy, creatable, disabled } = props;
  const ownId = useId();
  const id = props.id ?? ownId;
  const errorId = `${id}-error`;
  // The native select was focused when the combobox took its place: focus stays on the field.
  const [focusOnMount] = useState(() => typeof document !== 'undefined' && document.activeElement?.id === id);
  useEffect(() => {
    if (focusOnMount) document.getElementById(id)?.focus();
  }, [focusOnMount, id]);
  const [created, setCreated] = useState<SelectOption[]>([]);
  const [focused, setFocused] = useState(false);
  // What the visitor has typed; undefined when not typing, so a single select shows its choice.
  const [text, setText] = useState<string | undefined>();

  const options = useMemo(() => sortOptions([...props.options, ...created], sortBy), [props.options, created, sortBy]);
  const selectedValues = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const selectedOptions = selectedValues.flatMap((value) => options.filter((option) => option.value === value));
  const filterText = text ?? '';

  const items: Item[] = loading
    ? []
    : [
        ...(props.multiple && options.length > 0 && !filterText ? [{ kind: 'all' } as const] : []),
        ...filterOptions(options, filterText).map((option) => ({ kind: 'option', option }) as const),
        ...(creatable && creatableText(options, filterText)
          ? [{ kind: 'create', text: filterText.trim() } as const]
          : []),
      ];

  const choose = (item: Item) => {
    if (item.kind === 'create') {
      const option = { label: item.text, value: item.text };
      setCreated((list) => [...list, option]);
      if (props.multiple) props.onChange([...props.value, option.value]);
      else props.onChange(option.value);
    } else if (props.multiple) {
      props.onChange(
        item.kind === 'all' ? toggleAll(options, props.value) : toggleValue(props.value, item.option.value),
      );
    } else if (item.kind === 'option') props.onChange(item.option.value);
    // A multi-select clears what was typed, ready for the next pick.
    if (props.multiple) setText(undefined);
  };

  const singleOption = !props.multiple ? selectedOptions[0] : undefined;
  const { open, focusIndex, setFocusIndex, getLabelProps, getInputProps, getToggleProps, getListProps, getItemProps } =
    useCombobox({
      items,
      getItemValue: itemLabel,
      isEqual: sameItem,
      // A multi-select shows its choices as chips, not in the input, so the library tracks none.
      selected: singleOption ? { kind: 'option', option: singleOption } : undefined,
      onSelectChange: (item) => item && choose(item),
      value: text,
      onChange: setText,
      // select: typing filters and never changes the value; leaving never picks the highlighted option.
      feature: autocomplete<Item>({ select: true, closeOnSelect: !props.multiple, deselectOnClear: false }),
    });

  /**
   * After a pick from the keyboard, a multi-select stays on the same option, so several can be
   * picked in a row (a pointer keeps its own place by hovering).
   */
  const keepFocusIndex = (index: number) => {
    if (props.multiple && index >= 0) setFocusIndex(index);
  };

  // Focus moving within the field (the input, a chip's remove button) keeps the full view.
  const leave = (event: FocusEvent<HTMLElement>) => {
    const field = event.currentTarget.closest('[data-select-field]');
    if (!field?.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const showSummary = props.multiple && !focused && !open && selectedOptions.length > 0;
  const status = loading ? 'Loading...' : items.length === 0 ? 'No options' : null;
  const inputProps = getInputProps();
  // The library's listbox, told when several can be chosen.
  const listProps = { ...getListProps(), 'aria-multiselectable': props.multiple || undefined };
  return (
    <Field
      label={label}
      labelProps={{ ...getLabelProps(), htmlFor: id }}
      required={required}
      error={error}
      errorId={errorId}
    >
      <div
        data-select-field
        className={`relative flex min-h-11 flex-wrap items-center gap-1 rounded-lg border bg-white pr-10 pl-3 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 ${
          error ? 'border-red-700' : 'border-ink-300'
        }`}
      >
        {props.multiple &&
          !showSummary &&
          selectedOptions.map((option) => (
            <span
              key={option.value}
              className="flex items-center gap-1 rounded bg-brand-50 py-0.5 pl-2 text-sm text-ink-900"
            >
              {option.label}
              <button
                type="button"
                className="rounded p-1 text-ink-700 hover:text-red-700"
                aria-label={`Remove ${option.label}`}
                // Keeps focus in the input, so the chips stay while the pointer removes one.
                onMouseDown={(event) => event.preventDefault()}
                onBlur={leave}
                onClick={() => props.onChange(props.value.filter((value) => value !== option.value))}
              >
                <StrokeIcon name="close" className="h-3.5 w-3.5" />
              </button>
            </span>
          ))}
        {showSummary && (
          <span className="pointer-events-none text-ink-900" data-testid="select-summary">
            {collapsedSummary(selectedOptions)}
          </span>
        )}
        <input
          {...inputProps}
          id={id}
          name={props.multiple ? undefined : name}
          disabled={disabled}
          placeholder={showSummary || (props.multiple && selectedOptions.length > 0) ? undefined : placeholder}
          {...fieldAria(required, error, errorId)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            inputProps.onBlur?.(event);
            leave(event);
          }}
          onKeyDown={(event) => {
            const index = focusIndex;
            inputProps.onKeyDown?.(event);
            if (event.key === 'Enter' && open) keepFocusIndex(index);
          }}
          className={`min-w-16 flex-1 bg-transparent py-2 text-ink-900 outline-none placeholder:text-ink-600 ${
            showSummary ? 'absolute inset-0 opacity-0' : ''
          }`}
        />
        <button
          type="button"
          {...getToggleProps()}
          disabled={disabled}
          aria-label={`Show ${label} options`}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-ink-700"
        >
          <StrokeIcon name="chevronDown" className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
        <ul
          {...listProps}
          className={`absolute top-full right-0 left-0 z-20 mt-1 max-h-[300px] min-h-[140px] overflow-y-auto rounded-lg border border-ink-100 bg-white py-1 shadow-lg ${
            open && items.length > 0 ? '' : 'hidden'
          }`}
        >
          {open &&
            items.map((item, index) => {
              const selected =
                item.kind === 'option'
                  ? selectedValues.includes(item.option.value)
                  : item.kind === 'all'
                    ? options.length > 0 && options.every((option) => selectedValues.includes(option.value))
                    : false;
              // The library marks the one selected item; a multi-select has several.
              const itemProps = { ...getItemProps({ item, index }), 'aria-selected': selected };
              return (
                <li
                  key={item.kind === 'option' ? item.option.value : item.kind}
                  {...itemProps}
                  className={`flex cursor-pointer items-center justify-between px-3 py-2 text-ink-900 ${
                    focusIndex === index ? 'bg-brand-50' : ''
                  } ${item.kind === 'all' ? 'border-b border-ink-100 font-medium' : ''}`}
                >
                  {itemLabel(item)}
                  {selected && <span aria-hidden="true">✓</span>}
                </li>
              );
            })}
        </ul>
        {open && status && (
          <div
            role="status"
            className="absolute top-full right-0 left-0 z-20 mt-1 rounded-lg border border-ink-100 bg-white px-3 py-3 text-ink-700 shadow-lg"
          >
            {status}
          </div>
        )}
      </div>
      {props.multiple && props.value.map((value) => <input key={value} type="hidden" name={name} value={value} />)}
    </Field>
  );
}
