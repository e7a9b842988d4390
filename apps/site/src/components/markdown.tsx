import { markdownTree, type MarkdownNode } from '@growmail/contracts/content/markdown';
import type { ReactNode } from 'react';

/**
 * One text in the site's subset of Markdown (D45: paragraphs, **strong**, *emphasis*, links and
 * bullet lists; `@growmail/contracts/content/markdown`, which refuses anything else at save and
 * at build), rendered as the site's own elements from its tree, never as HTML. A text with no
 * Markdown in it is one paragraph, the same bytes as the plain `<p>` it replaces.
 */
export function Markdown({ text }: { text: string }) {
  return <>{markdownTree(text).children.map((node, index) => element(node, index, false))}</>;
}

/** A node of the tree as the site shows it; a tight list's item holds its words without a paragraph. */
function element(node: MarkdownNode, key: number, tight: boolean): ReactNode {
  const children = (within = false) =>
    'children' in node ? node.children.map((child, index) => element(child, index, within)) : null;
  switch (node.type) {
    case 'paragraph':
      return tight ? <span key={key}>{children()}</span> : <p key={key}>{children()}</p>;
    case 'text':
      return node.value;
    case 'strong':
      return <strong key={key}>{children()}</strong>;
    case 'emphasis':
      return <em key={key}>{children()}</em>;
    case 'link':
      return (
        <a key={key} href={node.url} className="text-brand-800 underline underline-offset-4">
          {children()}
        </a>
      );
    case 'list':
      return (
        <ul key={key} className="list-disc space-y-2 pl-6">
          {children(!node.spread)}
        </ul>
      );
    case 'listItem':
      return <li key={key}>{children(tight)}</li>;
    default:
      // Outside the subset, which a save and the build refuse: shown as its words, never as markup.
      return 'value' in node ? node.value : children();
  }
}
