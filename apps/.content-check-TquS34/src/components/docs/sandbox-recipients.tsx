import { DataTable } from '@/components/ui/data-table';
import { sandboxRecipientRows } from '@/lib/docs/markdown';

/** The sandbox's test recipients and what a send to each reports (packages/contracts/src/sandbox.ts). */
export function SandboxRecipients() {
  return (
    <DataTable
      columns={[
        { label: 'Recipient', className: 'px-4 py-2 font-semibold' },
        { label: 'status', className: 'px-4 py-2 font-semibold' },
        { label: 'What it stands for', className: 'px-4 py-2 font-semibold' },
      ]}
      rows={sandboxRecipientRows()}
      rowKey={([address]) => address}
      cells={([address, status, meaning]) => [address, <code className="font-mono">{status}</code>, meaning]}
      classes={{
        table: 'my-5 w-full table-fixed text-left text-sm',
        head: 'bg-ink-50',
        body: 'divide-y divide-ink-100',
        rowHeader: 'px-4 py-2 font-mono break-all',
        cell: 'px-4 py-2 text-ink-700',
      }}
    />
  );
}
