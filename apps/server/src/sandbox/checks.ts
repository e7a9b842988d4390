import { base64Bytes, maxAttachmentBytes } from '@growmail/contracts/developer-api';
import { hasControlCharacters } from '@growmail/contracts/rules';

const pathOf = (segments: readonly (string | number)[]) =>
  segments.reduce<string>(
    (joined, segment) =>
      typeof segment === 'number' ? `${joined}[${segment}]` : joined ? `${joined}.${segment}` : segment,
    '',
  );

/**
 * The first string, key or value anywhere in a body that holds a control character or a lone
 * surrogate (text no email or database should carry), as a field error; null when there is none.
 * The schema cannot say this, so it is checked beside it.
 */
export function controlCharacterError(value: unknown, at: (string | number)[] = []): string | null {
  if (typeof value === 'string') {
    if (hasControlCharacters(value) || !value.isWellFormed()) {
      return `${pathOf(at) || 'body'}: must not contain control characters.`;
    }
    return null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const error = controlCharacterError(item, [...at, index]);
      if (error) return error;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key) || !key.isWellFormed())
        return `${pathOf(at) || 'body'}: a key has control characters.`;
      const error = controlCharacterError(item, [...at, key]);
      if (error) return error;
    }
  }
  return null;
}

type Attachment = { content?: string; path?: string };

/**
 * What the document says of attachments in words a schema does not hold: either `content` or
 * `path`, and at most 1 MB decoded. The sandbox never downloads a file, so any `path`, to any
 * host, is refused with a 400 before anything could reach out.
 */
export function attachmentError(body: { attachments?: Attachment[] }): string | null {
  for (const [index, attachment] of (body.attachments ?? []).entries()) {
    const at = `attachments[${index}]`;
    if (attachment.path !== undefined) {
      return `${at}.path: The sandbox never downloads files; send the file as base64 in content instead.`;
    }
    if (attachment.content === undefined) return `${at}: Give the file as base64 in content.`;
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(attachment.content) || attachment.content.length % 4 !== 0) {
      return `${at}.content: must be base64.`;
    }
    if (base64Bytes(attachment.content) > maxAttachmentBytes)
      return `${at}.content: An attachment may be at most 1 MB.`;
  }
  return null;
}
