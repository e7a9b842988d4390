import { demoSubscriberOptions } from '@growmail/contracts/form-options';
import { messages } from '@growmail/contracts/messages';
import { LeadForm } from '@/components/forms/lead-form';

/** The 'Schedule a Free Demo' form (spec "Entities"): posts to {users}/demos (D15). */
export function DemoForm({ usersUrl }: { usersUrl: string }) {
  return (
    <LeadForm
      url={`${usersUrl}/demos`}
      usersUrl={usersUrl}
      type="demo"
      choices={[{ name: 'subscribers', label: 'Number of users', options: demoSubscriberOptions }]}
      submitLabel="Request a demo"
      successMessage={messages.demoSubmitted}
    />
  );
}
