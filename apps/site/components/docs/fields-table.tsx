import type { Field } from '@/lib/docs/openapi';
import { InlineMarkdown } from './inline-markdown';

/** A request body's fields with their types and the rules the API enforces. */
export function FieldsTable({ fields }: { fields: Field[] }) {
  return (
    <div className="my-5 overflow-hidden rounded-xl border border-ink-100">
      <table className="w-full table-fixed text-left text-sm">
        <thead className="bg-ink-50 text-ink-900">
          <tr>
            <th scope="col" className="w-[36%] px-3 py-2 font-semibold md:px-4">
              Field
            </th>
            <th scope="col" className="w-[22%] px-3 py-2 font-semibold md:px-4">
              Type
            </th>
            <th scope="col" className="px-3 py-2 md:px-4 font-semibold">
              Details
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {fields.map((field) => (
            <tr key={field.name} className="align-top">
              <th scope="row" className="px-3 py-2 md:px-4 font-normal">
                <code className="font-mono text-[0.85em] font-semibold break-all text-ink-900">{field.name}</code>
                {field.required && <span className="ml-2 text-xs font-semibold text-brand-800">required</span>}
              </th>
              <td className="px-3 py-2 md:px-4 text-ink-700">{field.type}</td>
              <td className="px-3 py-2 md:px-4 text-ink-700">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
