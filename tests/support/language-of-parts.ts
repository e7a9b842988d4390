import { NodeType, parse, type HTMLElement, type Node } from 'node-html-parser';

/**
 * Language of parts (WCAG 2.2, 3.1.2; D43): a passage in another language than its element's
 * `lang` is read with the wrong voice by a screen reader. The detector counts function words,
 * the short words every sentence of a language is made of and a dictionary cannot mistake for a
 * name: a sentence read as one language holding two or more of the other's is a passage in the
 * wrong language. Each list leaves out the words both languages write (`on`, `or`, `an`, `a`,
 * `as`, `but`, `do`, `us`, `in` in French; `la`, `des`, `et`, `but`, `me` in English), so that a
 * French sentence is never taken for English for a word they share.
 */
const functionWords = {
  en: new Set(
    (
      'the and of to is are was were you your with for this that these those we our will would from by be been ' +
      'it its has have had not can could what which when how there they their them if at into than then about ' +
      'should who whose while also any each every'
    ).split(' '),
  ),
  fr: new Set(
    (
      'le les du et est sont vous votre vos avec pour une dans sur nous notre nos qui que pas ne ce cette ces ' +
      'aux leur leurs sans chez très être avez été il elle ils elles lui où'
    ).split(' '),
  ),
} as const;

export type PartLanguage = keyof typeof functionWords;

/** How many of `language`'s function words a sentence holds. */
export function functionWordsIn(sentence: string, language: PartLanguage): string[] {
  const words = sentence.toLowerCase().match(/[\p{L}’']+/gu) ?? [];
  return words.filter((word) => functionWords[language].has(word.replace(/[’']s$/, '')));
}

/** The least a sentence must hold of a language's function words to be read as that language. */
const threshold = 2;

/** Elements whose text is not prose a visitor reads: code, and what the browser never shows as text. */
const notProse = new Set(['script', 'style', 'template', 'code', 'pre', 'kbd', 'samp']);

/** Elements that do not end a sentence's run of text, so `Read <a>the terms</a>` stays one sentence. */
const inline = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'wbr',
]);

/** Attributes a screen reader reads as text. */
const spokenAttributes = ['aria-label', 'alt', 'title', 'placeholder'];

/**
 * The text of a document, as runs each read in one language: a run ends at a block's edge and
 * wherever `lang` changes, and each element's spoken attributes are runs of their own. What is in
 * `<head>` other than the `<title>` is not read.
 */
export function textRuns(html: string): { language: string; text: string }[] {
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true, pre: true } });
  const documentElement = root.querySelector('html');
  const pageLanguage = documentElement?.getAttribute('lang') ?? '';
  const runs: { language: string; text: string }[] = [];
  const title = root.querySelector('title');
  if (title) runs.push({ language: pageLanguage, text: title.text });
  let current = { language: pageLanguage, text: '' };
  const end = () => {
    if (current.text.trim()) runs.push(current);
    current = { language: current.language, text: '' };
  };
  const walk = (node: Node, language: string) => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      if (current.language !== language) {
        end();
        current.language = language;
      }
      current.text += node.text;
      return;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) return;
    const element = node as HTMLElement;
    const tag = element.rawTagName?.toLowerCase() ?? '';
    if (notProse.has(tag)) return;
    const own = element.getAttribute('lang') ?? language;
    for (const name of spokenAttributes) {
      const value = element.getAttribute(name);
      if (value?.trim()) runs.push({ language: own, text: value });
    }
    const block = !inline.has(tag);
    if (block) end();
    for (const child of element.childNodes) walk(child, own);
    if (block) end();
  };
  walk(root.querySelector('body') ?? root, pageLanguage);
  end();
  return runs;
}

/**
 * The sentences of a document read in its main language that hold two or more function words of
 * `other`, outside every element marked `lang="<other>"`: each with the words found.
 */
export function sentencesInOtherLanguage(html: string, other: PartLanguage): string[] {
  return textRuns(html)
    .filter((run) => run.language.split('-')[0] !== other)
    .flatMap((run) => run.text.split(/(?<=[.!?])\s+|\n+/))
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => functionWordsIn(sentence, other).length >= threshold)
    .map((sentence) => `${sentence} [${functionWordsIn(sentence, other).join(', ')}]`);
}
