import type { SampleLanguageId } from '@growmail/contracts/sandbox';

declare global {
  namespace App {
    interface Locals {
      /** The sample language a reference page is rendered for (layouts/pages/DocsEntryPage.astro); unset, curl. */
      sampleLanguage?: SampleLanguageId;
    }
  }
}
