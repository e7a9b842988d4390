import { pageMetadata } from '@/lib/metadata';
import { docsPage, type DocsPath } from './pages';

export const docsMetadata = (path: DocsPath) => {
  const { title, description } = docsPage(path);
  return pageMetadata({ title, description, path });
};
