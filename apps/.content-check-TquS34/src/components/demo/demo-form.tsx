import { leadWords } from '@/components/forms/lead-words';
import { demoSubscriberOptions } from '@growmail/contracts/form-options';
import { messages } from '@growmail/contracts/messages';
import { useEffect, type ReactNode } from 'react';
import { enhanceSlotPicker } from './slot-zone';
import { LeadForm } from '@/components/forms/lead-form';
import type { ServedProps } from '@/components/forms/server-state';

/**
 * The 'Schedule a Free Demo' form (spec "Entities"): posts to {users}/demos (D15). Its
 * children are the time picker, static HTML rendered with the open slots (D32, D35), shown
 * in the browser's own zone once the island runs; `actions` is the picker's "Show times",
 * static HTML placed after the submit button.
 */
export function DemoForm({
  usersUrl,
  children,
  actions,
  summaryTargets,
  ...page
}: {
  usersUrl: string;
  children?: ReactNode;
  actions?: ReactNode;
  summaryTargets?: Record<string, string>;
} & ServedProps<'lead'>) {
  // The picker is static HTML in the island's slot, which React leaves alone: it is enhanced in place, once.
  useEffect(() => {
    const picker = document.querySelector('[data-demo-booking]');
    if (picker) enhanceSlotPicker(picker);
  }, []);
  const words = page.words?.lead ?? leadWords;
  return (
    <LeadForm
      url={`${usersUrl}/demos`}
      usersUrl={usersUrl}
      type="demo"
      choices={[{ name: 'subscribers', label: words.audience ?? words.users, options: demoSubscriberOptions }]}
      submitLabel={words.demo}
      successMessage={(page.messages ?? messages).demoSubmitted}
      summaryTargets={summaryTargets}
      actions={actions}
      {...page}
    >
      {children}
    </LeadForm>
  );
}
