import type { ReactNode } from 'react';
import { slug } from '@/lib/docs/slug';

/** A section heading with the id the table of contents links to, and a link to itself. */
export function Heading({ level, children }: { level: 2 | 3; children: ReactNode }) {
  const text = textOf(children);
  const id = slug(text);
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
