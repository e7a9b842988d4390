import { evaluate } from '@mdx-js/mdx';
import type { MDXComponents } from 'mdx/types';
import Link from 'next/link';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { CodeBlock } from './code-block';
import { Heading } from './heading';
import { Operation } from './operation';
import { StatusCodes } from './status-codes';

/** Code fences arrive as <pre><code className="language-x">; they become highlighted blocks. */
function Pre({ children }: { children?: ReactNode }) {
  const code = children as ReactElement<{ className?: string; children?: string }>;
  const language = /language-(\w+)/.exec(code.props.className ?? '')?.[1] ?? 'text';
  return <CodeBlock code={String(code.props.children ?? '').replace(/\n$/, '')} language={language} />;
}

const components: MDXComponents = {
  h2: ({ children }) => <Heading level={2}>{children}</Heading>,
  h3: ({ children }) => <Heading level={3}>{children}</Heading>,
  p: (props) => <p className="my-4 leading-7 text-ink-700" {...props} />,
  ul: (props) => <ul className="my-4 list-disc space-y-2 pl-6 text-ink-700" {...props} />,
  ol: (props) => <ol className="my-4 list-decimal space-y-2 pl-6 text-ink-700" {...props} />,
  strong: (props) => <strong className="font-semibold text-ink-900" {...props} />,
  code: (props) => <code className="rounded bg-ink-50 px-1 py-0.5 font-mono text-[0.85em] text-ink-900" {...props} />,
  pre: Pre,
  a: ({ href = '', children }: ComponentProps<'a'>) =>
    href.startsWith('/') && !/\.(md|txt|yaml)$/.test(href) ? (
      <Link href={href} className="font-medium text-brand-800 underline underline-offset-4">
        {children}
      </Link>
    ) : (
      <a href={href} className="font-medium text-brand-800 underline underline-offset-4">
        {children}
      </a>
    ),
  Operation,
  StatusCodes,
};

/** Compiles and renders an MDX page at build time; the browser receives only its HTML. */
export async function MdxContent({ source }: { source: string }) {
  const { default: Content } = await evaluate(source, { ...runtime, development: false });
  return <Content components={components} />;
}
