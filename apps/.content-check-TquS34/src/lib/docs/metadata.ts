import type { PageMeta } from '@/components/layout/page-head';
import type { DocsPage } from './pages';

/** A docs page's <head>: its title and description from its frontmatter, its URL as canonical. */
export const docsMeta = ({ title, description, path }: DocsPage): PageMeta => ({ title, description, path });
