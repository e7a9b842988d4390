import type { ReactNode } from 'react';
import { slug } from '@/lib/docs/slug';

type Props = {
  level: 2 | 3;
  /** Given by MDX (lib/docs/mdx-plugins.ts); otherwise the slug of the text. */
  id?: string | undefined;
  children: ReactNode;
};

/** A section heading with the id the table of contents links to. */
export function Heading({ level, children, id = slug(textOf(children)) }: Props) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag
      id={id}
      className={
        level === 2
          ? 'mt-12 mb-4 scroll-mt-24 text-2xl font-bold text-ink-900'
          : 'mt-8 mb-3 scroll-mt-24 text-lg font-semibold text-ink-900'
      }
    >
      {children}
    </Tag>
  );
}

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node)
    return textOf((node.props as { children?: ReactNode }).children);
  return '';
}
