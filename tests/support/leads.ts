import type { LeadKind } from '@growmail/contracts/form-names';
import type { Language } from '@growmail/contracts/language';
import type { LeadSource } from '@growmail/contracts/lead-source';
import { searchKeys } from '@growmail/server/lead-search';
import type { DataAccess } from '@growmail/server/repositories';

/** A lead stored as a form post stores it, with its search keys, for tests that fill an inbox. */
export const storedLead = (
  data: DataAccess,
  kind: LeadKind,
  email: string,
  fields: Record<string, unknown>,
  ...rest: [language?: Language, source?: LeadSource | null]
) => data.leads.insert(kind, email, fields, searchKeys(fields), ...rest);
