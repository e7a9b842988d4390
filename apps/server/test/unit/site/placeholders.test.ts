import { optionalAttribute, standInOrigin, standIns } from '@growmail/contracts/runtime';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { substitute, substitutionsFor } from '../../../src/site/placeholders.ts';

const page = [
  `<a href="${standInOrigin('public')}/pricing">Pricing</a>`,
  `<a href="${standInOrigin('app')}/signup">Sign up</a><a href="${standInOrigin('public')}/">Home</a>`,
  `<meta name="key" content="${standIns.siteApiKey}">`,
  `<p ${optionalAttribute}="whatsapp" class="x">Chat on <a href="https://wa.me/${standIns.whatsAppDigits}">WhatsApp</a></p>`,
  `<p>After</p>`,
].join('\n');

describe('substitute', () => {
  it('puts every configured value in place of its stand-in', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://www.growmail.test', APP_URL: 'https://app.growmail.test' });
    const html = substitute(page, substitutionsFor(config));
    expect(html).toContain('<a href="https://www.growmail.test/pricing">');
    expect(html).toContain('<a href="https://app.growmail.test/signup">');
    expect(html).toContain(`content="${config.siteApiKey}"`);
    expect(html).not.toContain('gm-runtime');
  });

  it('drops an optional paragraph whose setting is unset, and keeps what follows', () => {
    const html = substitute(page, substitutionsFor(loadConfig({})));
    expect(html).not.toContain('WhatsApp');
    expect(html).toContain('<p>After</p>');
  });

  it('keeps an optional paragraph, without its marker, when its setting is set', () => {
    const html = substitute(page, substitutionsFor(loadConfig({ WHATSAPP_NUMBER: '+2348012345678' })));
    expect(html).toContain('<p class="x">Chat on <a href="https://wa.me/2348012345678">WhatsApp</a></p>');
  });

  it('writes a value as it is, with no replacement patterns read in it', () => {
    expect(substitute(`a ${standIns.audienceId} b`, [[standIns.audienceId, "$& $' $$"]])).toBe("a $& $' $$ b");
  });

  it('gives what one replacement after another gives', () => {
    const substitutions = substitutionsFor(loadConfig({ PUBLIC_URL: 'https://www.growmail.test' }));
    let oneByOne = page;
    for (const [from, to] of substitutions) oneByOne = oneByOne.replaceAll(from, () => to);
    expect(substitute(page, substitutions)).toBe(oneByOne);
  });
});
