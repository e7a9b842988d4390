import { operationHeadings } from '@/lib/docs/markdown';
import { apiBaseUrl, fieldsOf, operation } from '@/lib/docs/openapi';
import { requestSamples } from '@/lib/docs/samples';
import { CodeBlock } from './code-block';
import { CodeTabs } from './code-tabs';
import { FieldsTable } from './fields-table';
import { Heading } from './heading';
import { InlineMarkdown } from './inline-markdown';

/** One endpoint of the OpenAPI document: request, fields, examples, samples and responses. */
export function Operation({ id }: { id: string }) {
  const op = operation(id);
  const url = `${apiBaseUrl}${op.path}`;
  const examples = Object.values(op.body.examples ?? {});
  const samples = requestSamples(url, examples[0]?.value ?? {});
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
      {examples.map((example) => (
        <CodeBlock
          key={example.summary}
          title={example.summary}
          language="json"
          code={JSON.stringify(example.value, null, 2)}
        />
      ))}
      <Heading level={2}>{operationHeadings.samples}</Heading>
      <CodeTabs labels={samples.map((sample) => sample.label)}>
        {samples.map((sample) => (
          <CodeBlock key={sample.label} title={sample.label} language={sample.language} code={sample.code} />
        ))}
      </CodeTabs>
      <Heading level={2}>{operationHeadings.responses}</Heading>
      {op.responseList.map((response) => (
        <CodeBlock
          key={response.status}
          title={`${response.status}: ${response.description}`}
          language="json"
          code={JSON.stringify(response.example, null, 2)}
        />
      ))}
    </>
  );
}
