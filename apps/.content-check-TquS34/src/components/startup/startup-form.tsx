import { leadWords } from '@/components/forms/lead-words';
import { messages } from '@growmail/contracts/messages';
import { LeadForm } from '@/components/forms/lead-form';
import type { ServedProps } from '@/components/forms/server-state';
import { startupBudgets, startupUserCounts } from '@growmail/contracts/form-options';

/** The 'Submit Application' form (D16): posts a startup lead to {sales}/leads. */
export function StartupForm({
  salesUrl,
  usersUrl,
  ...page
}: { salesUrl: string; usersUrl: string } & ServedProps<'lead'>) {
  const words = page.words?.lead ?? leadWords;
  return (
    <LeadForm
      url={`${salesUrl}/leads`}
      usersUrl={usersUrl}
      type="startup"
      choices={[
        { name: 'user_count', label: words.users, options: startupUserCounts },
        { name: 'annual_budget', label: words.budget, options: startupBudgets },
      ]}
      submitLabel={words.startup}
      successMessage={(page.messages ?? messages).startupSubmitted}
      {...page}
    />
  );
}
