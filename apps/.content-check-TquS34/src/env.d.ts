import type { OnDemandLocals } from '@growmail/contracts/on-demand';
import type { SampleLanguageId } from '@growmail/contracts/sandbox';

declare global {
  namespace App {
    /** What a render is given: on demand, the answer's state from the server (D35); at build, a copy's choice. */
    interface Locals extends OnDemandLocals {
      /** The sample language a reference page is rendered for (views/DocsView.astro); unset, curl. */
      sampleLanguage?: SampleLanguageId;
    }
  }
}
