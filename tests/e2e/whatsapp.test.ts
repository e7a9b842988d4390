import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { gotoSettled } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';

// The accessibility walk runs without a number, so the links are checked here with one (D34).
const site = useSite({ WHATSAPP_NUMBER: '+14155550123' });

describe.each(viewports)('the WhatsApp links at $name size (D34)', (viewport) => {
  it('name a chat with the number on the contact and demo pages, beside the sales email, and pass axe', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    for (const [path, message] of [
      ['/contact', 'Hello Growmail, I have a question'],
      ['/demo', 'Hello Growmail, I would like a demo'],
    ] as const) {
      await gotoSettled(page, `${site.url}${path}`);
      const link = page.getByRole('main').getByRole('link', { name: 'Chat on WhatsApp' });
      expect(await link.getAttribute('href'), path).toBe(
        `https://wa.me/14155550123?text=${encodeURIComponent(message)}`,
      );
      expect(await link.isVisible(), path).toBe(true);
      // The other way that needs no form (D39): the sales address as a mail link.
      const mail = page.getByRole('main').getByRole('link', { name: 'hello@growmail.io' });
      expect(await mail.getAttribute('href'), path).toBe('mailto:hello@growmail.io');
      expect(await mail.isVisible(), path).toBe(true);
      expect(await axeViolations(page), path).toEqual([]);
    }
    expect(problems.console).toEqual([]);
    await context.close();
  });
});
