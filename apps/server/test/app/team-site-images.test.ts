import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { signedIn } from './console-session.ts';
import { entryFormFields } from './entry-form.ts';

const origin = 'http://localhost:4010';
const entry = '/team/site/products.campaign';

/** A picture of a few colours, in a format the site takes, made here rather than kept as a file. */
const picture = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .toFormat(format)
    .toBuffer();

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

type Browser = { cookies: Record<string, string>; csrf: string };

describe('images on an entry’s form (D45, issue 55)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin });
  });
  afterAll(() => app.close());

  const formOf = async (browser: Browser) =>
    entryFormFields((await app.inject({ url: entry, cookies: browser.cookies })).body);

  /** Posts the form as a browser sends one with a file: multipart/form-data. */
  async function post(
    browser: Browser,
    fields: Record<string, string>,
    files: Record<string, { name: string; body: Buffer; type?: string }> = {},
    csrf: string | undefined = browser.csrf,
  ) {
    const form = new FormData();
    if (csrf) form.set('_csrf', csrf);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const [name, file] of Object.entries(files))
      form.set(name, new Blob([new Uint8Array(file.body)], { type: file.type ?? 'image/png' }), file.name);
    const request = new Request(origin, { method: 'POST', body: form });
    return app.inject({
      method: 'POST',
      url: entry,
      cookies: browser.cookies,
      headers: { origin, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }

  const draftOf = async () => (await app.contentDrafts.find('products.campaign'))?.values;
  const hidden = (html: string, name: string) =>
    new RegExp(`<input type="hidden" name="${name.replace(/\./g, '\\.')}" value="([^"]*)"`).exec(html)?.[1];

  it('gives a form with an image field a file input for each language, sent as multipart/form-data', async () => {
    const editor = await signedIn(app, 'editor');
    const page = (await app.inject({ url: entry, cookies: editor.cookies })).body;
    expect(page).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    for (const language of ['en', 'fr']) {
      const input = new RegExp(`<input type="file" id="${language}\\.picture\\.src"[^>]*>`).exec(page)?.[0];
      expect(input).toContain(`name="${language}.picture.file"`);
      expect(input).toContain('accept="image/jpeg,image/png,image/webp"');
    }
    const home = (await app.inject({ url: '/team/site/home', cookies: editor.cookies })).body;
    expect(home).not.toContain('multipart/form-data');
  });

  it('takes a JPEG, a PNG and a WebP by their bytes, stores them by hash, and shows members a preview', async () => {
    const editor = await signedIn(app, 'editor');
    const fields = await formOf(editor);
    const jpeg = await picture('jpeg', 1200, 800);
    const saved = await post(
      editor,
      { ...fields, 'en.picture.alt': 'The campaign editor', 'fr.picture.alt': 'L’éditeur de campagnes' },
      {
        // Named and typed as something else: its bytes decide.
        'en.picture.file': { name: 'editor.png', body: jpeg, type: 'image/png' },
        'fr.picture.file': { name: 'editeur.png', body: await picture('png') },
      },
    );
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/team/site/products.campaign?done=saved#notice']);
    const values = (await draftOf()) as Record<'en' | 'fr', { picture: { src: string; alt: string } }>;
    expect(values.en.picture).toEqual({
      src: `sha256:${(await import('node:crypto')).createHash('sha256').update(jpeg).digest('hex')}`,
      alt: 'The campaign editor',
    });
    expect(values.fr.picture.alt).toBe('L’éditeur de campagnes');
    const [stored] = await app.contentImages.bodies([values.en.picture.src.slice(7)]);
    expect(stored).toMatchObject({ mediaType: 'image/jpeg', width: 1200, height: 800 });

    const page = (await app.inject({ url: entry, cookies: editor.cookies })).body;
    expect(hidden(page, 'en.picture.src')).toBe(values.en.picture.src);
    const previewUrl = `/team/site/images/${values.en.picture.src.slice(7)}`;
    expect(page).toContain(`<img src="${previewUrl}"`);
    const preview = await app.inject({ url: previewUrl, cookies: editor.cookies });
    expect([preview.statusCode, preview.headers['content-type'], preview.headers['cache-control']]).toEqual([
      200,
      'image/webp',
      'no-store',
    ]);
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });
    for (const role of ['viewer', 'sales'] as const) {
      const member = await signedIn(app, role);
      expect((await app.inject({ url: previewUrl, cookies: member.cookies })).statusCode).toBe(403);
    }
    expect((await app.inject({ url: previewUrl })).headers.location).toBe('/team/sign-in');
    expect((await app.inject({ url: `/team/site/images/${'0'.repeat(64)}`, cookies: editor.cookies })).statusCode).toBe(
      404,
    );

    const webp = await post(editor, await formOf(editor), {
      'fr.picture.file': { name: 'capture.webp', body: await picture('webp') },
    });
    expect(webp.statusCode).toBe(303);
    const after = (await draftOf()) as typeof values;
    expect(after.en.picture).toEqual(values.en.picture);
    expect(after.fr.picture.src).not.toBe(values.fr.picture.src);
    expect((await app.contentImages.bodies([after.fr.picture.src.slice(7)]))[0]?.mediaType).toBe('image/webp');
  });

  it('refuses an SVG, a disguised file and one over 5 MB by their field, keeping every value typed', async () => {
    const editor = await signedIn(app, 'editor');
    const fields = { ...(await formOf(editor)), 'en.hero.lead': 'A lead the editor typed and must not lose.' };
    const png = await picture('png');
    // One colour compresses to little: 25 megapixels in a few kilobytes.
    const vast = await picture('png', 5000, 5000);
    const cases = [
      [{ name: 'logo.svg', body: svg, type: 'image/svg+xml' }, /“logo\.svg” is an SVG, which can carry script/],
      [{ name: 'logo.png', body: svg }, /“logo\.png” is an SVG, which can carry script/],
      [
        { name: 'page.png', body: Buffer.from('<!doctype html><p>hello</p>') },
        /“page\.png” is not a JPEG, PNG or WebP/,
      ],
      [
        { name: 'broken.png', body: Buffer.concat([png.subarray(0, 33), Buffer.alloc(4000, 0x41)]) },
        /“broken\.png” could not be read as an image/,
      ],
      [
        { name: 'anim.gif', body: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') },
        /is not a JPEG, PNG or WebP/,
      ],
      [{ name: 'vast.png', body: vast }, /“vast\.png” has more than 24 million pixels/],
      [{ name: 'huge.png', body: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024, 1)]) }, /“huge\.png” is over 5 MB/],
    ] as const;
    for (const [file, problem] of cases) {
      const refused = await post(editor, fields, { 'en.picture.file': file });
      expect([file.name, refused.statusCode]).toEqual([file.name, 400]);
      expect(refused.body).toMatch(problem);
      expect(refused.body).toContain('<a href="#en.picture.src"');
      expect(refused.body).toMatch(/id="en\.picture\.src"[^>]*aria-invalid="true"/);
      expect(refused.body).toContain('A lead the editor typed and must not lose.');
    }
  });

  it('asks for the alt text in every language, keeping the image already uploaded', async () => {
    const editor = await signedIn(app, 'editor');
    const fields = await formOf(editor);
    const refused = await post(
      editor,
      { ...fields, 'en.picture.alt': 'Ce que montre la photo', 'fr.picture.alt': ' ' },
      { 'fr.picture.file': { name: 'photo.jpg', body: await picture('jpeg', 80, 60) } },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<a href="#fr.picture.alt"');
    expect(refused.body).toContain('say what the picture shows, for those who cannot see it');
    const kept = hidden(refused.body, 'fr.picture.src');
    expect(kept).toMatch(/^sha256:[0-9a-f]{64}$/);
    // Sent again with its alt text and no file: the image uploaded the first time is the one saved.
    const saved = await post(editor, { ...entryFormFields(refused.body), 'fr.picture.alt': 'Une photo' });
    expect(saved.statusCode).toBe(303);
    expect(((await draftOf()) as Record<'fr', { picture: unknown }>).fr.picture).toEqual({
      src: kept,
      alt: 'Une photo',
    });
  });

  it('removes an image when its box is ticked, and refuses one that was never uploaded here', async () => {
    const editor = await signedIn(app, 'editor');
    const fields = await formOf(editor);
    expect(fields['en.picture.src']).toMatch(/^sha256:/);
    const removed = await post(editor, { ...fields, 'en.picture.remove': 'yes' });
    expect(removed.statusCode).toBe(303);
    expect(((await draftOf()) as Record<'en', object>).en).not.toHaveProperty('picture');

    const forged = await post(editor, {
      ...(await formOf(editor)),
      'en.picture.src': `sha256:${'ab'.repeat(32)}`,
      'en.picture.alt': 'Something',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This image was not uploaded here: choose the file again.');
  });

  it('checks the CSRF token in a multipart form, and refuses a file where the form has no image field', async () => {
    const editor = await signedIn(app, 'editor');
    const fields = await formOf(editor);
    const before = await draftOf();
    const file = { name: 'photo.png', body: await picture('png') };
    const forged = await post(editor, fields, { 'en.picture.file': file }, '');
    expect([forged.statusCode, forged.body.includes('nothing was changed')]).toEqual([403, true]);
    const misplaced = await post(editor, fields, { 'en.hero.file': file });
    expect(misplaced.statusCode).toBe(400);
    const twice = new FormData();
    twice.set('_csrf', editor.csrf);
    for (const [name, value] of Object.entries(fields)) twice.set(name, value);
    for (const copy of [1, 2])
      twice.append('en.picture.file', new Blob([new Uint8Array(file.body)]), `photo-${copy}.png`);
    const request = new Request(origin, { method: 'POST', body: twice });
    const answer = await app.inject({
      method: 'POST',
      url: entry,
      cookies: editor.cookies,
      headers: { origin, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(answer.statusCode).toBe(413);
    expect(await draftOf()).toEqual(before);
  });

  it('refuses a post from no session, or from a role that cannot edit, before it reads the form', async () => {
    // Two files over the limit: read, the form would be refused as too large (413).
    const huge = { name: 'photo.png', body: Buffer.alloc(6 * 1024 * 1024) };
    const files = { 'en.picture.file': huge, 'fr.picture.file': huge };
    const signedOut = await post({ cookies: {}, csrf: '' }, {}, files);
    expect(signedOut.statusCode).toBe(401);
    const viewer = await signedIn(app, 'viewer');
    const refused = await post(viewer, {}, files);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Your role does not allow this.');
  });
});
