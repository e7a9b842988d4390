'use client';

import { useCombobox } from 'downshift';
import { ChevronDown, X } from 'lucide-react';
import { useId, useMemo, useState, type FocusEvent } from 'react';
import { Field, fieldAria } from './field';
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

const itemLabel = (item: Item | null) =>
  !item ? '' : item.kind === 'option' ? item.option.label : item.kind === 'all' ? 'Select All' : createLabel(item.text);

/**
 * The site's dropdown (spec "Validation rules"), on downshift's useCombobox: the ARIA combobox pattern with
 * its keyboard model (arrows, Home/End, Enter, Escape) and announcements done by a
 * maintained library. It filters as you type, sorts, selects one or many ('Select All'),
 * and can create entries.
 */
export function Select(props: SelectProps) {
  const { label, name, required, error, placeholder = 'Select…', loading, sortBy, creatable, disabled } = props;
  const errorId = useId();
  const [created, setCreated] = useState<SelectOption[]>([]);
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState('');

  const options = useMemo(() => sortOptions([...props.options, ...created], sortBy), [props.options, created, sortBy]);
  const selectedValues = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const selectedOptions = selectedValues.flatMap((value) => options.filter((option) => option.value === value));
  const singleLabel = !props.multiple ? (selectedOptions[0]?.label ?? '') : '';
  // Typing filters; the selected label itself (single mode) shows everything.
  const filterText = !props.multiple && text === singleLabel ? '' : text;

  const items: Item[] = loading
    ? []
    : [
        ...(props.multiple && options.length > 0 && !filterText ? [{ kind: 'all' } as const] : []),
        ...filterOptions(options, filterText).map((option) => ({ kind: 'option', option }) as const),
        ...(creatable && creatableText(options, text) ? [{ kind: 'create', text: text.trim() } as const] : []),
      ];

  const choose = (item: Item) => {
    if (item.kind === 'create') {
      const option = { label: item.text, value: item.text };
      setCreated((list) => [...list, option]);
      if (props.multiple) props.onChange([...props.value, option.value]);
      else props.onChange(option.value);
      return props.multiple ? '' : option.label;
    }
    if (props.multiple) {
      props.onChange(
        item.kind === 'all' ? toggleAll(options, props.value) : toggleValue(props.value, item.option.value),
      );
      return '';
    }
    if (item.kind === 'option') props.onChange(item.option.value);
    return item.kind === 'option' ? item.option.label : '';
  };

  const { isOpen, getLabelProps, getInputProps, getToggleButtonProps, getMenuProps, getItemProps, highlightedIndex } =
    useCombobox<Item>({
      items,
      itemToString: itemLabel,
      // A single select shows its chosen label whenever the visitor is not typing in it, so a
      // value set or cleared from outside (a form reset) shows at once.
      inputValue: props.multiple || focused ? text : singleLabel,
      selectedItem: null,
      onInputValueChange: ({ inputValue, type }) => {
        if (type === useCombobox.stateChangeTypes.InputChange) setText(inputValue);
      },
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) setText(choose(selectedItem));
      },
      onStateChange: ({ type }) => {
        if (type === useCombobox.stateChangeTypes.InputBlur) setText(props.multiple ? '' : singleLabel);
      },
      stateReducer: (state, { type, changes }) => {
        const { InputKeyDownEnter, ItemClick, InputBlur } = useCombobox.stateChangeTypes;
        // Leaving the field never picks the highlighted option by itself.
        if (type === InputBlur) return { ...changes, selectedItem: state.selectedItem };
        // A multi-select stays open so several can be picked in a row.
        if (props.multiple && (type === InputKeyDownEnter || type === ItemClick)) {
          return { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex };
        }
        return changes;
      },
    });

  // Focus moving within the field (the input, a chip's remove button) keeps the full view.
  const leave = (event: FocusEvent<HTMLElement>) => {
    const field = event.currentTarget.closest('[data-select-field]');
    if (!field?.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const showSummary = props.multiple && !focused && !isOpen && selectedOptions.length > 0;
  const status = loading ? 'Loading...' : items.length === 0 ? 'No options' : null;
  const inputProps = getInputProps({
    name: props.multiple ? undefined : name,
    disabled,
    placeholder: showSummary ? undefined : selectedOptions.length && props.multiple ? undefined : placeholder,
    ...fieldAria(required, error, errorId),
    onFocus: () => {
      setFocused(true);
      if (!props.multiple) setText(singleLabel);
    },
    onBlur: leave,
  });

  return (
    <Field label={label} labelProps={getLabelProps()} required={required} error={error} errorId={errorId}>
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
                <X aria-hidden="true" className="h-3.5 w-3.5" />
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
          className={`min-w-16 flex-1 bg-transparent py-2 text-ink-900 outline-none placeholder:text-ink-600 ${
            showSummary ? 'absolute inset-0 opacity-0' : ''
          }`}
        />
        <button
          type="button"
          {...getToggleButtonProps({ disabled })}
          aria-label={`Show ${label} options`}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-ink-700"
        >
          <ChevronDown aria-hidden="true" className={`h-5 w-5 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
        </button>
        <ul
          {...getMenuProps({ 'aria-multiselectable': props.multiple || undefined })}
          className={`absolute top-full right-0 left-0 z-20 mt-1 max-h-[300px] min-h-[140px] overflow-y-auto rounded-lg border border-ink-100 bg-white py-1 shadow-lg ${
            isOpen && items.length > 0 ? '' : 'hidden'
          }`}
        >
          {isOpen &&
            items.map((item, index) => {
              const selected =
                item.kind === 'option'
                  ? selectedValues.includes(item.option.value)
                  : item.kind === 'all'
                    ? options.length > 0 && options.every((option) => selectedValues.includes(option.value))
                    : false;
              return (
                <li
                  key={item.kind === 'option' ? item.option.value : item.kind}
                  {...getItemProps({ item, index, 'aria-selected': selected })}
                  className={`flex cursor-pointer items-center justify-between px-3 py-2 text-ink-900 ${
                    highlightedIndex === index ? 'bg-brand-50' : ''
                  } ${item.kind === 'all' ? 'border-b border-ink-100 font-medium' : ''}`}
                >
                  {itemLabel(item)}
                  {selected && <span aria-hidden="true">✓</span>}
                </li>
              );
            })}
        </ul>
        {isOpen && status && (
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
