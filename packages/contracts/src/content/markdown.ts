import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * The site's own subset of Markdown (D45, issue 55), for the fields a marketer needs to format:
 * paragraphs, **strong**, *emphasis*, [links](https://…) and bullet lists, nothing else. It is
 * CommonMark as `mdast-util-from-markdown` (micromark) reads it, the parser the wider Markdown
 * world uses, and a text is refused at save for anything outside the subset: raw HTML, an image,
 * a heading, code, a quote, a numbered list, and a link that is not http(s), mailto, tel or a
 * path on this site. The site renders the tree itself (components/markdown.tsx), never as HTML,
 * so nothing an editor writes becomes markup the site did not choose.
 */

/** A node of a text's tree (mdast). */
export type MarkdownNode = Nodes;

/** The tree of a text in the subset; what `markdownProblem` has checked. */
export const markdownTree = (text: string): Root => fromMarkdown(text);

/** Where a link in content may go (issue 55): the web, an address, a number, or a page of this site. */
export const allowedLink = (url: string) => /^(https?:\/\/|mailto:|tel:)/i.test(url) || /^\/(?!\/)/.test(url);

const refusals: Partial<Record<Nodes['type'], string>> = {
  html: 'holds HTML, which the site does not take: write **strong** or *emphasis* instead',
  image: 'holds an image, which a text cannot: images have fields of their own',
  imageReference: 'holds an image, which a text cannot: images have fields of their own',
  heading: 'holds a heading (a line starting with #): the page sets its own headings',
  code: 'holds code, which the site does not show in its copy',
  inlineCode: 'holds code (between backticks), which the site does not show in its copy',
  blockquote: 'holds a quote (a line starting with >), which the site does not show',
  thematicBreak: 'holds a rule (a line of ---, *** or ___), which the site does not show',
  break: 'holds a forced line break: start a new paragraph with an empty line instead',
  definition: 'holds a link definition ([name]: address): write the address in the link itself',
  linkReference: 'holds a link by reference: write it as [words](address)',
};

/** The first thing in a text outside the site's subset, in words an editor can act on; undefined when it is all in it. */
export function markdownProblem(text: string): string | undefined {
  const visit = (node: Nodes): string | undefined => {
    const refused = refusals[node.type];
    if (refused) return refused;
    if (node.type === 'list' && node.ordered) return 'holds a numbered list: the site shows bullet lists (- item)';
    if (node.type === 'link' && !allowedLink(node.url))
      return `holds a link to “${node.url.slice(0, 40)}”: a link goes to http(s), mailto:, tel: or a path on this site such as /pricing`;
    if (!['root', 'paragraph', 'text', 'strong', 'emphasis', 'link', 'list', 'listItem'].includes(node.type))
      return 'holds formatting the site does not show: use paragraphs, **strong**, *emphasis*, links and bullet lists';
    for (const child of 'children' in node ? node.children : []) {
      const problem = visit(child);
      if (problem) return problem;
    }
    return undefined;
  };
  return visit(markdownTree(text));
}
