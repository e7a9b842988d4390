import { sandboxKey } from '@growmail/contracts/sandbox';
import type { ReactNode } from 'react';
import { operationHeadings } from '@/lib/docs/markdown';
import { fieldsOf, operationView } from '@/lib/docs/openapi';
import { FieldsTable } from './fields-table';
import { Heading } from './heading';
import { InlineMarkdown } from './inline-markdown';

type Props = {
  /** The operationId in content/openapi.yaml. */
  id: string;
  /** The code blocks and the samples' tabs, placed by src/components/docs/Operation.astro. */
  examples?: ReactNode;
  samples?: ReactNode;
  response?: ReactNode;
  /** The form that sends the operation to the sandbox (layouts/docs/TryIt.astro). */
  tryIt?: ReactNode;
};

/** One endpoint of the OpenAPI document: request, fields, examples, samples and responses. */
export function Operation({ id, examples, samples, response, tryIt }: Props) {
  const { op, url, failures } = operationView(id);
  return (
    <>
      <Heading level={2}>{operationHeadings.request}</Heading>
      <p className="flex flex-wrap items-center gap-2 rounded-xl border border-ink-100 bg-ink-50 px-4 py-3 font-mono text-sm">
        <span className="rounded-md bg-brand-700 px-2 py-0.5 font-semibold text-white">{op.method}</span>
        <span className="break-all text-ink-900">{url}</span>
      </p>
      <p className="mt-4 text-ink-700">
        Send <code className="font-mono text-[0.9em]">Authorization: Bearer &lt;API key&gt;</code> and a JSON body.{' '}
        <InlineMarkdown text={op.description} />
      </p>
      <Heading level={2}>{operationHeadings.fields}</Heading>
      <FieldsTable fields={fieldsOf(op.body.schema)} />
      <Heading level={2}>{operationHeadings.examples}</Heading>
      {examples}
      <Heading level={2}>{operationHeadings.samples}</Heading>
      <p className="my-4 leading-7 text-ink-700">
        Each sample calls the sandbox with its published key,{' '}
        <code className="font-mono text-[0.9em]">{sandboxKey}</code>, so it runs as you copy it. For your account, send
        the same request to <code className="font-mono text-[0.9em] break-all">{url}</code> with your own key.
      </p>
      {samples}
      <Heading level={2}>{operationHeadings.responses}</Heading>
      {response}
      <p className="my-4 leading-7 text-ink-700">
        When a call fails, <code className="font-mono text-[0.9em]">payload</code> is null and{' '}
        <code className="font-mono text-[0.9em]">error</code> says why:
      </p>
      <table className="my-5 w-full table-fixed text-left text-sm">
        <thead className="bg-ink-50">
          <tr>
            <th scope="col" className="w-16 px-3 py-2 font-semibold">
              Code
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Meaning and example <code className="font-mono">error</code>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {failures.map((failure) => (
            <tr key={failure.status} className="align-top">
              <th scope="row" className="px-3 py-2 font-mono font-semibold">
                {failure.status}
              </th>
              <td className="px-3 py-2 text-ink-700">
                {failure.description}
                <code className="mt-1 block font-mono text-[0.85em] break-words text-ink-900">
                  {JSON.stringify(failure.error)}
                </code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Heading level={2}>{operationHeadings.tryIt}</Heading>
      {tryIt}
    </>
  );
}
