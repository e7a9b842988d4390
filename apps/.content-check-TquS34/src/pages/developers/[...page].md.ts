import type { APIRoute } from 'astro';
import { markdownPath } from '@/lib/docs/markdown';
import { docsPages } from '@/lib/docs/pages';
import { markdownResponse } from '@/lib/docs/routes';

/** The markdown copy of each docs page, beside it: /developers/reference/contacts.md, /developers/index.md. */
export function getStaticPaths() {
  return docsPages.map((page) => ({
    params: { page: markdownPath(page.path).replace(/^\/developers\/(.+)\.md$/, '$1') },
    props: { path: page.path },
  }));
}

export const GET: APIRoute<{ path: string }> = ({ props }) => markdownResponse(props.path);
