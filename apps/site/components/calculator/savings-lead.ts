import type { savingsLeadFor } from '@growmail/contracts/calculator';

type SavingsLead = ReturnType<typeof savingsLeadFor>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts the savings lead (D15) without holding up the result: up to three tries on a network
 * failure, 429 or 5xx; a 4xx other than 429 will not get better by trying again. `signals`
 * are the form's own fields besides the lead (its time stamp).
 */
export async function postSavingsLead(
  salesUrl: string,
  lead: SavingsLead,
  signals: Record<string, string>,
  attempts = 3,
): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const response = await fetch(`${salesUrl}/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...lead, ...signals }),
        keepalive: true,
      });
      if (response.ok) return true;
      if (response.status < 500 && response.status !== 429) return false;
    } catch {
      // Offline or cut off: try again below.
    }
    if (attempt < attempts) await pause(1000 * attempt);
  }
  return false;
}
