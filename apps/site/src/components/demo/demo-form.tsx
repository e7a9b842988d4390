import { demoSubscriberOptions } from '@growmail/contracts/form-options';
import { messages } from '@growmail/contracts/messages';
import type { ReactNode } from 'react';
import { LeadForm } from '@/components/forms/lead-form';

/**
 * The 'Schedule a Free Demo' form (spec "Entities"): posts to {users}/demos (D15). Its
 * children are the time picker, static HTML the server fills with open slots (D32).
 */
export function DemoForm({ usersUrl, children }: { usersUrl: string; children?: ReactNode }) {
  return (
    <LeadForm
      url={`${usersUrl}/demos`}
      usersUrl={usersUrl}
      type="demo"
      choices={[{ name: 'subscribers', label: 'Number of users', options: demoSubscriberOptions }]}
      submitLabel="Request a demo"
      successMessage={messages.demoSubmitted}
    >
      {children}
    </LeadForm>
  );
}
