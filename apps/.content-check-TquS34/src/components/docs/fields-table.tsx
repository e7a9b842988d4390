import { DataTable } from '@/components/ui/data-table';
import type { Field } from '@/lib/docs/openapi';
import { InlineMarkdown } from './inline-markdown';

/** A request body's fields with their types and the rules the API enforces. */
export function FieldsTable({ fields }: { fields: Field[] }) {
  return (
    <div className="my-5 overflow-hidden rounded-xl border border-ink-100">
      <DataTable
        columns={[
          { label: 'Field', className: 'w-[36%] px-3 py-2 font-semibold md:px-4' },
          { label: 'Type', className: 'w-[22%] px-3 py-2 font-semibold md:px-4' },
          { label: 'Details', className: 'px-3 py-2 md:px-4 font-semibold' },
        ]}
        rows={fields}
        rowKey={(field) => field.name}
        cells={(field) => [
          <>
            <code className="font-mono text-[0.85em] font-semibold break-all text-ink-900">{field.name}</code>
            {field.required && <span className="ml-2 text-xs font-semibold text-brand-800">required</span>}
          </>,
          field.type,
          <>
            {field.description && <InlineMarkdown text={field.description} />}
            {field.rules.length > 0 && (
              <ul className="mt-1 list-disc pl-4">
                {field.rules.map((rule) => (
                  <li key={rule}>
                    <InlineMarkdown text={rule} />
                  </li>
                ))}
              </ul>
            )}
          </>,
        ]}
        classes={{
          table: 'w-full table-fixed text-left text-sm',
          head: 'bg-ink-50 text-ink-900',
          body: 'divide-y divide-ink-100',
          row: 'align-top',
          rowHeader: 'px-3 py-2 md:px-4 font-normal',
          cell: 'px-3 py-2 md:px-4 text-ink-700',
        }}
      />
    </div>
  );
}
