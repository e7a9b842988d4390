import type { SatteriProcessorOptions } from '@astrojs/markdown-satteri';
import { slug } from './slug';

type Plugins = Required<SatteriProcessorOptions>;

/**
 * Code fences become `<Code code="…" language="…" />`, an element of the docs' MDX components:
 * the page highlights the text at build and gives it a copy button, which needs the text
 * itself rather than the HTML a fence would otherwise render to.
 */
const codeFences: Plugins['mdastPlugins'][number] = {
  name: 'growmail:code-fences',
  code: (node) => ({
    type: 'mdxJsxFlowElement',
    name: 'Code',
    attributes: [
      { type: 'mdxJsxAttribute', name: 'code', value: node.value },
      { type: 'mdxJsxAttribute', name: 'language', value: node.lang ?? 'text' },
    ],
    children: [],
  }),
};

/** Section headings get the ids the table of contents and the search link to (slug.ts). */
const headingIds: Plugins['hastPlugins'][number] = {
  name: 'growmail:heading-ids',
  element: {
    filter: ['h2', 'h3'],
    visit: (node, context) => context.setProperty(node, 'id', slug(context.textContent(node))),
  },
};

/** The docs' MDX pipeline (astro.config.ts): text stays as written, with straight quotes like the .md copies. */
export const docsMdxOptions = {
  mdastPlugins: [codeFences],
  hastPlugins: [headingIds],
  features: { smartPunctuation: false },
} satisfies SatteriProcessorOptions;
