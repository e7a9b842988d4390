import type { savingsLeadFor } from '@growmail/contracts/calculator';
import type { SubmissionAccepted } from '@growmail/contracts/form-fields';
import type { useGuestSubmit } from '@/components/forms/guest-submit';

type SavingsLead = ReturnType<typeof savingsLeadFor>;
type Send = ReturnType<typeof useGuestSubmit>['send'];

/**
 * Posts the savings lead (D15) without holding up the result: up to three tries on a network
 * failure, 429 or 5xx, and kept alive if the visitor leaves. `send` adds the form's time
 * stamp and hidden field, like every other form's. True once the lead is stored.
 */
export async function postSavingsLead(send: Send, salesUrl: string, lead: SavingsLead): Promise<boolean> {
  const answer = await send<SubmissionAccepted>(`${salesUrl}/leads`, {
    method: 'POST',
    body: lead,
    attempts: 3,
    keepalive: true,
  });
  return answer.payload !== null;
}
