/**
 * What the developer docs publish at fixed addresses, for the site that writes them and the
 * server that reads or answers them: the search documents and their ranking, the MCP
 * endpoint. The sandbox's address and key are in ./sandbox.ts.
 */

/** One searchable section of a page: its h2 and the prose, tables and field names under it. */
export type SearchDocument = { id: string; url: string; page: string; heading: string; text: string };

/**
 * MiniSearch's options: a heading match counts most, then the page's title. The search box in
 * the browser and the MCP server's search tool both use them, so a reader and an agent find the
 * same sections first.
 */
export const docsSearchOptions = {
  fields: ['heading', 'page', 'text'],
  storeFields: ['url', 'page', 'heading', 'text'],
  searchOptions: { boost: { heading: 3, page: 2 } },
};

/** Where the build writes the search documents, under the site's root. */
export const searchIndexPath = '/developers/search-index.json';

/** The Model Context Protocol endpoint (Streamable HTTP) on the site's origin. */
export const mcpPath = '/mcp';
