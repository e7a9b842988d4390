import type { MDXComponents } from 'mdx/types';
import { Heading } from './heading';
import { SandboxRecipients } from './sandbox-recipients';
import { StatusCodes } from './status-codes';

/** The docs' MDX elements, styled; src/components/docs/MdxContent.astro adds code blocks and operations. */
export const mdxComponents = {
  // The ids come from lib/docs/mdx-plugins.ts: MDX hands components their children as HTML.
  h2: ({ id, children }) => (
    <Heading level={2} id={id}>
      {children}
    </Heading>
  ),
  h3: ({ id, children }) => (
    <Heading level={3} id={id}>
      {children}
    </Heading>
  ),
  p: (props) => <p className="my-4 leading-7 text-ink-700" {...props} />,
  ul: (props) => <ul className="my-4 list-disc space-y-2 pl-6 text-ink-700" {...props} />,
  ol: (props) => <ol className="my-4 list-decimal space-y-2 pl-6 text-ink-700" {...props} />,
  strong: (props) => <strong className="font-semibold text-ink-900" {...props} />,
  code: (props) => <code className="rounded bg-ink-50 px-1 py-0.5 font-mono text-[0.85em] text-ink-900" {...props} />,
  a: ({ href, children }) => (
    <a href={href} className="font-medium text-brand-800 underline underline-offset-4">
      {children}
    </a>
  ),
  StatusCodes,
  SandboxRecipients,
} satisfies MDXComponents;
