import { sampleLanguageIds, type SampleLanguageId } from '@growmail/contracts/sandbox';
import { HTTPSnippet } from '@readme/httpsnippet';

type TargetId = Parameters<HTTPSnippet['convert']>[0];
type Writer = { label: string; target: TargetId; client: string; highlight: string };

/**
 * How each language's sample is written: the tab's label, the httpsnippet target and client
 * that write it, and the highlighter's language. Go is labelled Golang: a link that reads only
 * "Go" tells a reader (and Lighthouse) nothing.
 */
const writers: Record<SampleLanguageId, Writer> = {
  curl: { label: 'curl', target: 'shell', client: 'curl', highlight: 'bash' },
  javascript: { label: 'JavaScript', target: 'javascript', client: 'fetch', highlight: 'javascript' },
  node: { label: 'Node.js', target: 'node', client: 'fetch', highlight: 'javascript' },
  python: { label: 'Python', target: 'python', client: 'requests', highlight: 'python' },
  php: { label: 'PHP', target: 'php', client: 'guzzle', highlight: 'php' },
  go: { label: 'Golang', target: 'go', client: 'native', highlight: 'go' },
  java: { label: 'Java', target: 'java', client: 'okhttp', highlight: 'java' },
  csharp: { label: 'C#', target: 'csharp', client: 'httpclient', highlight: 'csharp' },
  ruby: { label: 'Ruby', target: 'ruby', client: 'native', highlight: 'ruby' },
};

/** The languages of the code samples, in the order the links show them (`sampleLanguageIds`, shared with the server). */
const sampleLanguages = sampleLanguageIds.map((id) => ({ id, ...writers[id] }));

/** One request sample: its language's id (as `?lang=` names it), label, highlighter language and text. */
export type Sample = { id: SampleLanguageId; label: string; language: string; code: string };

/**
 * The samples of one request in every language, written by httpsnippet (ReadMe's maintained
 * fork) from the method, URL, headers and JSON body, so each is what that language's usual
 * client really sends rather than a template of ours.
 */
export function requestSamples(url: string, key: string, body: unknown): Sample[] {
  const snippet = new HTTPSnippet({
    method: 'POST',
    url,
    headers: [
      { name: 'Authorization', value: `Bearer ${key}` },
      { name: 'Content-Type', value: 'application/json' },
    ],
    postData: { mimeType: 'application/json', text: JSON.stringify(body) },
  } as ConstructorParameters<typeof HTTPSnippet>[0]);
  return sampleLanguages.map((language) => {
    const [code] = [snippet.convert(language.target, language.client, { indent: '  ' })].flat();
    if (typeof code !== 'string') throw new Error(`httpsnippet wrote no ${language.label} sample for ${url}`);
    return { id: language.id, label: language.label, language: language.highlight, code };
  });
}
