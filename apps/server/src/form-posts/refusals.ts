import { serviceMessages } from '@growmail/contracts/service-messages';

/** Plain words for what can go wrong before a native post is read at all. */
export const postMessages = {
  wrongForm: 'This form was sent to the wrong address. Please send it again from its page.',
  duplicate: 'Each field may be sent once. Please send the form again from its page.',
  contentType: 'The form was not sent as a web form. Please send it again from its page.',
  unreadable: 'The form could not be read. Please send it again from its page.',
} as const;

/** What a page says of a native post refused with a 4xx before its handler ran (a limit, the body's size or type). */
export function refusalMessage(status: number): string {
  if (status === 429) return serviceMessages.tooManyRequests;
  if (status === 413) return serviceMessages.tooLarge;
  if (status === 415) return postMessages.contentType;
  return postMessages.unreadable;
}
