import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAltTextControl } from './harness/forms';
import { dialog, events, login, model, page, route, save, site, sql, useTypo3 } from './harness/backend';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * A file in the site's fileadmin with its index row as TYPO3 would have it — or as it might have been
 * tampered with: `indexed` overrides what the index says (its size, its type). Returns its sys_file uid.
 */
async function indexedFile(
  name: string,
  bytes: Buffer | string,
  indexed: { size?: number; mime_type?: string; storage?: number; identifier?: string } = {},
): Promise<number> {
  const folder = join(site().path, 'public/fileadmin/user_upload');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, name), bytes);
  const identifier = indexed.identifier ?? `/user_upload/${name}`;
  await sql(
    'INSERT INTO sys_file (pid, storage, type, identifier, identifier_hash, folder_hash, extension, mime_type, ' +
      'name, sha1, size) VALUES (0, ?, 2, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      indexed.storage ?? 1,
      identifier,
      sha1(identifier),
      sha1(identifier.slice(0, identifier.lastIndexOf('/') + 1)),
      name.split('.').pop(),
      indexed.mime_type ?? 'image/png',
      name,
      sha1(String(bytes.length)),
      indexed.size ?? bytes.length,
    ],
  );
  const [row] = await sql<{ uid: number }>('SELECT uid FROM sys_file WHERE identifier_hash = ? AND storage = ?', [
    sha1(identifier),
    indexed.storage ?? 1,
  ]);
  return Number(row!.uid);
}

/** A reference of the file on content element 2 (the lighthouse's Text & Media, which the editor may edit). */
async function referenced(file: number, uid: number): Promise<number> {
  await sql(
    'INSERT INTO sys_file_reference (uid, pid, uid_local, uid_foreign, tablenames, fieldname) ' +
      "VALUES (?, 1, ?, 2, 'tt_content', 'assets')",
    [uid, file],
  );
  return uid;
}

const DESCRIPTION = 'A white lighthouse at the end of a stone pier, under a clear sky.';

describe('alt text from the image itself, in the real TYPO3', () => {
  const { seeded } = useTypo3();

  it('the reference’s alt text: the vision model sees the image; Use as alt text; Save stores it', async () => {
    await model.script({ content: DESCRIPTION });
    await login('editor');
    const frame = await openAltTextControl(page);
    const ask = dialog();
    // The image it is about: a thumbnail TYPO3 made, and the file's name.
    const image = ask.locator('[data-ask-ai-part="image"]');
    await expect
      .poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.textContent()).toBe('lighthouse.png');
    // The Ask AI sparkle on the control, not a light bulb.
    expect(await frame.getByRole('link', { name: 'Write alt text with AI' }).first().innerHTML()).not.toMatch(
      /lightbulb/,
    );
    await ask.getByRole('option', { name: 'Alt text' }).click();
    await ask.getByText(DESCRIPTION).waitFor();
    await ask.getByRole('button', { name: 'Use as alt text' }).click();
    await dialog().waitFor({ state: 'hidden' });
    // What reached the model: the image itself, as a data URI, on the vision configuration's model.
    const sent = await model.log();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ api: 'openai', body: { model: 'fake-vision' } });
    expect(JSON.stringify(sent[0]!.body)).toMatch(/"url":"data:image\/png;base64,[A-Za-z0-9+/]{100}/);
    // In the record's language (its site language): the reference is English.
    expect(JSON.stringify(sent[0]!.body)).toContain('Write it in English (en)');
    await save(frame);
    await expect
      .poll(
        async () =>
          (
            await sql<{ alternative: string | null }>('SELECT alternative FROM sys_file_reference WHERE uid = ?', [
              seeded().fileReference,
            ])
          )[0]?.alternative,
        { timeout: 20_000 },
      )
      .toBe(DESCRIPTION);
  });

  it('refuses an image it may not read, each with its status and a sentence, the model never asked', async () => {
    await login('editor');
    const run = (image: Record<string, unknown>) =>
      route('ask_ai_run', {
        prompt: 'Write the alt text for this image.',
        tools: [],
        requestId: `image-${JSON.stringify(image).length}-${Math.random().toString(36).slice(2)}`,
        subject: 'image',
        image,
      });
    const cases: Array<[string, Record<string, unknown>, number]> = [
      ['another host', { src: 'https://example.org/lighthouse.png' }, 400],
      ['a file URL', { src: 'file:///etc/passwd' }, 400],
      ['a reference that does not exist', { fileReference: 999_999 }, 404],
    ];
    // A file reference on a record the editor may not edit (a page outside their mounts).
    await sql('DELETE FROM pages WHERE uid = ?', [90]);
    const closedPage = 'INSERT INTO pages (uid, pid, title, doktype, perms_everybody, perms_group, perms_user) ';
    await sql(`${closedPage}VALUES (?, 0, ?, 1, 0, 0, 0)`, [90, 'Closed']);
    await sql('INSERT INTO tt_content (uid, pid, CType, header, assets) VALUES (?, ?, ?, ?, 1)', [
      90,
      90,
      'textmedia',
      'Closed element',
    ]);
    await sql(
      'INSERT INTO sys_file_reference (uid, pid, uid_local, uid_foreign, tablenames, fieldname) ' +
        "VALUES (?, ?, ?, ?, 'tt_content', 'assets')",
      [90, 90, seeded().file, 90],
    );
    cases.push(['a reference on a record the editor may not edit', { fileReference: 90 }, 403]);
    // Files whose index lies: 100 bytes indexed, 11 MB on disk; PHP indexed as a PNG.
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const huge = await indexedFile('huge.png', Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]), { size: 100 });
    cases.push(['an image larger on disk than its index says', { fileReference: await referenced(huge, 91) }, 413]);
    const script = await indexedFile('script.png', "<?php echo 'not an image';", { mime_type: 'image/png' });
    cases.push(['a script indexed as a PNG', { fileReference: await referenced(script, 92) }, 415]);
    // A file of TYPO3's fallback storage (any path under the web root), by its uid: not a file of the site.
    const fallback = await indexedFile('fallback.png', png, {
      storage: 0,
      identifier: '/fileadmin/user_upload/fallback.png',
    });
    cases.push(["a file of TYPO3's fallback storage", { file: fallback }, 400]);
    // A file that is not an image.
    await sql("UPDATE sys_file SET mime_type = 'application/pdf', extension = 'pdf' WHERE uid = ?", [seeded().file]);
    const pdf = await run({ fileReference: seeded().fileReference });
    expect(pdf.status, 'not an image').toBe(415);
    await sql("UPDATE sys_file SET mime_type = 'image/png', extension = 'png' WHERE uid = ?", [seeded().file]);
    for (const [name, image, status] of cases) {
      const answer = await run(image);
      expect(answer.status, name).toBe(status);
      expect(answer.type, name).toMatch(/json/);
      expect((JSON.parse(answer.text) as { error?: string }).error, name).toMatch(/\w+ \w+/);
    }
    // A reference whose content element was deleted describes nothing any more.
    await sql('UPDATE tt_content SET deleted = 1 WHERE uid = 2');
    const deleted = await run({ fileReference: seeded().fileReference });
    expect(deleted.status, 'a deleted element').toBe(404);
    await sql('UPDATE tt_content SET deleted = 0 WHERE uid = 2');
    expect(await model.log()).toEqual([]);
    // And the reference the editor may edit is read.
    await model.script({ content: DESCRIPTION });
    const allowed = await run({ fileReference: seeded().fileReference });
    expect(allowed.status).toBe(200);
    expect(events(allowed.text).at(-1)).toMatchObject({ event: 'done', finalContent: DESCRIPTION });
  });
});
