import { DataTable } from '@/components/ui/data-table';
import { statusCodes } from '@/lib/docs/markdown';
import { InlineMarkdown } from './inline-markdown';

/** The API's status codes, as the OpenAPI document words them. */
export function StatusCodes() {
  return (
    <DataTable
      columns={[
        { label: 'Code', className: 'px-4 py-2 font-semibold' },
        { label: 'Meaning', className: 'px-4 py-2 font-semibold' },
      ]}
      rows={statusCodes()}
      rowKey={([code]) => code}
      cells={([code, meaning]) => [code, <InlineMarkdown text={meaning} />]}
      classes={{
        table: 'my-5 w-full text-left text-sm',
        head: 'bg-ink-50',
        body: 'divide-y divide-ink-100',
        rowHeader: 'px-4 py-2 font-mono font-semibold',
        cell: 'px-4 py-2 text-ink-700',
      }}
    />
  );
}
