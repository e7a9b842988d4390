import { mcpPath } from '@growmail/contracts/developer-docs';
import { sandboxBasePath, sandboxKey, sandboxRecipients, sandboxTestDomain } from '@growmail/contracts/sandbox';
import { changelogFeedPath, changelogPath } from './changelog';
import { fieldsOf, openApi, operationView, resolveRef, type ResolvedOperation, type Schema } from './openapi';
import { docsPage, docsPages, type DocsPath } from './pages';
import { slug } from './slug';

/**
 * Each docs page as plain markdown: the MDX source with its generated parts (the OpenAPI
 * operation, the status codes) written out. It feeds llms.txt, the .md copies, the on-page
 * table of contents and the search index, so all four say what the page says.
 */
export function pageMarkdown(path: DocsPath): string {
  const page = docsPage(path);
  const body = page.body
    .replace(/<Operation id="([^"]+)" \/>/g, (_match, id: string) => operationMarkdown(id))
    .replace(/<StatusCodes \/>/g, statusCodesMarkdown)
    .replace(/<SandboxRecipients \/>/g, sandboxRecipientsMarkdown)
    .trim();
  return `# ${page.title}\n\n> ${page.description}\n\n${body}\n`;
}

export type Heading = { id: string; text: string };

/** The page's h2 headings, outside code. */
export function headingsOf(markdown: string): Heading[] {
  return markdown
    .replace(/```[\s\S]*?```/g, '')
    .split('\n')
    .flatMap((line) => {
      const text = /^## (.+)$/.exec(line)?.[1]?.trim();
      return text ? [{ id: slug(text), text: text.replace(/`/g, '') }] : [];
    });
}

/** The headings the rendered operation uses; the component and the markdown share them. */
export const operationHeadings = {
  request: 'Request',
  fields: 'Body fields',
  examples: 'Request examples',
  samples: 'Code samples',
  responses: 'Responses',
  tryIt: 'Try it',
} as const;

/**
 * An operation written out in full for the .md copy: everything its HTML shows (the request,
 * the fields, every example, the samples, the responses) and, since an agent cannot open a
 * schema by eye, each response's fields and every example the document gives for it.
 */
export function operationMarkdown(id: string): string {
  const { op, url, sandboxUrl, examples, samples } = operationView(id);
  const [success, ...failures] = responsesOf(op);
  return [
    `## ${operationHeadings.request}`,
    `\`${op.method} ${url}\` with \`Authorization: Bearer <API key>\` and a JSON body.`,
    op.description,
    `## ${operationHeadings.fields}`,
    fieldsTable(op.body.schema),
    `## ${operationHeadings.examples}`,
    ...examples.flatMap((example) => [`### ${example.title}`, fence('json', example.code)]),
    `## ${operationHeadings.samples}`,
    ...samples.flatMap((sample) => [`### ${sample.label}`, fence(sample.language, sample.code)]),
    `## ${operationHeadings.responses}`,
    ...(success
      ? [
          `### ${success.status}: ${success.description}`,
          ...(success.schema ? ["The body's fields:", fieldsTable(success.schema)] : []),
          ...success.examples.flatMap((example) => [
            ...(example.summary ? [`Example: ${example.summary}`] : []),
            fence('json', JSON.stringify(example.value, null, 2)),
          ]),
        ]
      : []),
    'When a call fails, `payload` is null and `error` says why:',
    table(
      ['Code', 'Meaning', 'Example `error`'],
      failures.flatMap((response) =>
        response.examples.map((example) => [
          response.status,
          response.description,
          `\`${(example.value as { error?: unknown } | null)?.error ?? ''}\``,
        ]),
      ),
    ),
    `## ${operationHeadings.tryIt}`,
    `The page's form sends the first request example, as editable JSON, to the sandbox at \`${sandboxUrl}\` with the key \`${sandboxKey}\`, and shows the exchange: the request, the status, the headers, the body and the same request with curl. The samples above call the same sandbox.`,
  ].join('\n\n');
}

type ResponseCopy = {
  status: string;
  description: string;
  schema?: Schema;
  examples: { summary?: string; value: unknown }[];
};

/** Every response of an operation, its references followed, with all its examples. */
function responsesOf(op: ResolvedOperation): ResponseCopy[] {
  return Object.entries(op.responses).map(([status, response]) => {
    const resolved = resolveRef(response);
    const media = resolved.content?.['application/json'];
    return {
      status,
      description: resolved.description,
      schema: media?.schema,
      examples: Object.values(media?.examples ?? {}),
    };
  });
}

function fieldsTable(schema: Schema): string {
  return table(
    ['Field', 'Type', 'Required', 'Rules'],
    fieldsOf(schema).map((field) => [
      `\`${field.name}\``,
      field.type,
      field.required ? 'yes' : 'no',
      [field.description, ...field.rules].filter(Boolean).join('; '),
    ]),
  );
}

/** A markdown table; a `|` inside a cell (a pattern's alternatives) is escaped so the row keeps its columns. */
function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(head), `| ${head.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** The API's status codes (spec "Error catalogue"), worded by the OpenAPI document's shared responses. */
export function statusCodes(): [string, string][] {
  const { BadRequest, Forbidden, NotFound, ServerError } = openApi.components.responses;
  return [
    ['200', 'OK: the call succeeded and `payload` holds the result.'],
    ['400', BadRequest!.description],
    ['403', Forbidden!.description],
    ['404', NotFound!.description],
    ['500', ServerError!.description],
  ];
}

export function statusCodesMarkdown(): string {
  return table(['Code', 'Meaning'], statusCodes());
}

/** The sandbox's test recipients: the address, the `status` a send to it reports, and what that stands for. */
export function sandboxRecipientRows(): [string, string, string][] {
  return [
    ...sandboxRecipients.map(({ local, status, meaning }): [string, string, string] => [
      `${local}@${sandboxTestDomain}`,
      status,
      meaning,
    ]),
    ['Any other address', 'queued', 'Accepted for sending; the sandbox sends nothing.'],
  ];
}

function sandboxRecipientsMarkdown(): string {
  return table(
    ['Recipient', 'status', 'What it stands for'],
    sandboxRecipientRows().map(([address, status, meaning]) => [address, `\`${status}\``, meaning]),
  );
}

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

/** llms.txt (llmstxt.org): the docs in brief, linking the markdown copy of each page. */
export function llmsText(origin: string): string {
  return [
    '# Growmail',
    '',
    '> Growmail is a customer-engagement platform: email campaigns, marketing automation, transactional email, app analytics, SMS and web push. These are its developer docs.',
    '',
    'The API takes JSON over HTTPS with a bearer API key and always answers `{error, payload}`.',
    `The OpenAPI 3.1 document: ${origin}/developers/openapi.yaml`,
    '',
    '## For agents and first calls',
    '',
    `- MCP server: ${origin}${mcpPath} speaks the Model Context Protocol over Streamable HTTP (POST, no key), with read-only tools to search these docs (search_docs), read a page as Markdown (get_page) and get an operation with its schemas and an example (get_operation).`,
    `- Sandbox: send any documented operation to ${origin}${sandboxBasePath} plus its path (such as POST ${origin}${sandboxBasePath}/v1/contacts) with \`Authorization: Bearer ${sandboxKey}\`. It answers like the API from the document's examples, and sends and keeps nothing.`,
    `- Changelog: ${origin}${changelogPath}, and as an Atom feed at ${origin}${changelogFeedPath}`,
    '',
    '## Docs',
    '',
    ...docsPages.map((page) => `- [${page.title}](${origin}${markdownPath(page.path)}): ${page.description}`),
    '',
  ].join('\n');
}

export const markdownPath = (path: string) => (path === '/developers' ? '/developers/index.md' : `${path}.md`);
