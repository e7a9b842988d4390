import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { headingsOf, llmsText, pageMarkdown } from '@/lib/docs/markdown';
import { openApiSource } from '@/lib/docs/openapi';
import { docsPages, isGroupOpen, navigation } from '@/lib/docs/pages';
import { searchDocuments } from '@/lib/docs/search';

describe('the docs pages as markdown', () => {
  it('writes the generated operation into a reference page', () => {
    const markdown = pageMarkdown('/developers/reference/automations');
    expect(markdown.startsWith('# Automations\n\n> ')).toBe(true);
    expect(markdown).toContain('`POST https://api.growmail.io/v1/automations`');
    // One table, its rows on consecutive lines.
    expect(markdown).toContain(
      '| Field | Type | Required | Rules |\n| --- | --- | --- | --- |\n| `event_code` | string | yes |',
    );
    expect(markdown).not.toContain('<Operation');
  });

  it('finds the h2 headings, but not lines inside code', () => {
    expect(headingsOf('## One\n```md\n## Not a heading\n```\n## `Two` words')).toEqual([
      { id: 'one', text: 'One' },
      { id: 'two-words', text: 'Two words' },
    ]);
  });

  it('lists every page in llms.txt on the given origin', () => {
    const text = llmsText('https://docs.example');
    for (const page of docsPages)
      expect(text).toContain(
        `](https://docs.example${page.path === '/developers' ? '/developers/index' : page.path}.md)`,
      );
  });
});

describe('the search index', () => {
  it('has a section per h2 of every page, linking to its anchor', () => {
    const documents = searchDocuments();
    expect(documents.find((document) => document.url === '/developers/reference/contacts#body-fields')).toMatchObject({
      page: 'Contacts',
      heading: 'Body fields',
      text: expect.stringContaining('date_of_birth'),
    });
    expect(new Set(documents.map((document) => document.id)).size).toBe(documents.length);
    expect(documents.every((document) => !document.text.includes('```'))).toBe(true);
  });
});

describe('the navigation tree', () => {
  const [guides, reference] = navigation;
  it('opens a group when the URL is inside its path', () => {
    expect(isGroupOpen(reference!, '/developers/reference/contacts')).toBe(true);
    expect(isGroupOpen(guides!, '/developers/reference/contacts')).toBe(false);
    expect(isGroupOpen(guides!, '/developers/guides/webpush')).toBe(true);
    expect(isGroupOpen(guides!, '/developers/guidesx')).toBe(false);
  });

  it('lists each folder’s pages in their frontmatter order, by their navigation label', () => {
    expect(reference!.items).toEqual([
      { title: 'Get Started', path: '/developers/reference/get-started' },
      { title: 'Automations', path: '/developers/reference/automations' },
      { title: 'Contacts', path: '/developers/reference/contacts' },
      { title: 'Transactional emails', path: '/developers/reference/transactionals' },
    ]);
    expect(docsPages[0]!.path).toBe('/developers');
  });
});

describe('the .md copy of a reference page, against the OpenAPI document', () => {
  type Node = Record<string, unknown>;
  const document = parse(openApiSource) as Node;
  const follow = (node: Node): Node => {
    let current = node;
    while (typeof current.$ref === 'string')
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce<Node>((at, key) => at[key] as Node, document);
    return current;
  };
  /** Every property name a schema allows, nested ones with their dotted path (address.street, attachments[].path). */
  const propertyNames = (schema: Node, prefix = ''): string[] => {
    const resolved = follow(schema);
    return Object.entries((resolved.properties ?? {}) as Record<string, Node>).flatMap(([name, property]) => {
      const field = follow(property);
      const items = field.items ? follow(field.items as Node) : undefined;
      const nested = field.properties ? field : items?.properties ? items : undefined;
      const path = `${prefix}${name}`;
      return [path, ...(nested ? propertyNames(nested, field.properties ? `${path}.` : `${path}[].`) : [])];
    });
  };
  const operations = Object.entries(document.paths as Record<string, Record<string, Node>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  const server = ((document.servers as Node[])[0] as { url: string }).url;
  const pageOf = (operationId: string) =>
    docsPages.find((page) => page.body.includes(`<Operation id="${operationId}" />`));

  it('documents every operation on some reference page', () => {
    for (const { op } of operations)
      expect(pageOf(op.operationId as string)?.path).toMatch(/^\/developers\/reference\//);
  });

  it.each(operations.map((entry) => [entry.op.operationId as string, entry]))(
    '%s: the method, URL, auth, every field, every example and every response',
    (operationId, { path, method, op }) => {
      const markdown = pageMarkdown(pageOf(operationId)!.path);
      // No component tag such as <Operation id="…" /> or <StatusCodes />.
      expect(markdown).not.toMatch(/<[A-Z][A-Za-z]*(\s+[A-Za-z]+=|\s*\/>)/);
      expect(markdown).toContain(`\`${method} ${server}${path}\``);
      expect(markdown).toContain('Authorization: Bearer <API key>');
      const media = ((op.requestBody as Node).content as Record<string, Node>)['application/json']!;
      for (const name of propertyNames(media.schema as Node)) expect(markdown).toContain(`| \`${name}\` |`);
      for (const example of Object.values(media.examples as Record<string, Node>))
        expect(markdown).toContain(JSON.stringify(example.value, null, 2));
      for (const [status, reference] of Object.entries(op.responses as Record<string, Node>)) {
        const response = follow(reference);
        expect(markdown).toContain(String(response.description));
        const json = (response.content as Record<string, Node>)['application/json']!;
        for (const example of Object.values((json.examples ?? {}) as Record<string, { value: Node }>)) {
          if (status.startsWith('2')) expect(markdown).toContain(JSON.stringify(example.value, null, 2));
          else
            expect(markdown).toContain(
              `| ${status} | ${String(response.description)} | \`${String(example.value.error)}\` |`,
            );
        }
        if (status.startsWith('2'))
          for (const name of propertyNames(json.schema as Node)) expect(markdown).toContain(`| \`${name}\` |`);
      }
    },
  );

  it('keeps every table row to its header’s columns, a pattern’s | escaped', () => {
    for (const page of docsPages) {
      const lines = pageMarkdown(page.path)
        .replace(/```[\s\S]*?```/g, '')
        .split('\n');
      const columns = (line: string) => line.replaceAll('\\|', '').split('|').length;
      lines.forEach((line, index) => {
        if (!line.startsWith('|') || !lines[index - 1]?.startsWith('|')) return;
        expect(columns(line), `${page.path}: ${line}`).toBe(columns(lines[index - 1]!));
      });
    }
    expect(pageMarkdown('/developers/reference/contacts')).toContain('`^(0[1-9]\\|1[0-2])-');
  });
});
