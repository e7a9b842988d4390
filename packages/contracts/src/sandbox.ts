/**
 * The public sandbox of the documented API (D33) and the docs' parts that reach it: plain
 * constants with no schema library, so a page's script can import them for a few bytes.
 */

/** The sandbox's key, published in every sample; it answers at this path on the site's own origin, then the operation's. */
export const sandboxKey = 'gm_test_sandbox';
export const sandboxBasePath = '/sandbox';

/** The domain of the sandbox's test recipients: reserved (RFC 2606), so nothing could ever reach it. */
export const sandboxTestDomain = 'growmail.test';

/**
 * What a transactional send to each test recipient reports, so a developer can try each
 * outcome their code must handle. Any other recipient is `queued`, and nothing is ever sent.
 */
export const sandboxRecipients = [
  { local: 'delivered', status: 'delivered', meaning: 'The email was accepted by the recipient’s mail server.' },
  {
    local: 'bounced',
    status: 'bounced',
    meaning: 'The recipient’s mail server refused it: the address does not exist.',
  },
  { local: 'complained', status: 'complained', meaning: 'It was delivered, and the recipient marked it as spam.' },
] as const;
export type SandboxStatus = (typeof sandboxRecipients)[number]['status'] | 'queued';

/** Where the docs remember the sample language a developer chose last (localStorage). */
export const sampleLanguageKey = 'growmail:sample-language';

/**
 * The languages of the docs' code samples, as `?lang=` names them, in the order the links show
 * them; the first is the one a reference page shows as built (apps/site/src/lib/docs/samples.ts).
 */
export const sampleLanguageIds = [
  'curl',
  'javascript',
  'node',
  'python',
  'php',
  'go',
  'java',
  'csharp',
  'ruby',
] as const;
export type SampleLanguageId = (typeof sampleLanguageIds)[number];

/** The query name of the sample language a link asks for. */
export const sampleLanguageQueryKey = 'lang';

/** The fields of the docs' "Try it" form: which operation, and the JSON body to send. */
export const tryItFields = { operation: 'operation', body: 'body' } as const;
