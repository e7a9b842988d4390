/** The email preferences form's words in English (D37; the French are in lib/form-words-fr.ts). */
export const preferencesWords = {
  title: 'Email preferences',
  from: 'Unsubscribe me from',
  list: 'This list only',
  listHint: 'Stop the emails this message came from.',
  all: 'All lists',
  allHint: 'Stop every marketing email from us.',
  saving: 'Saving…',
  save: 'Save preferences',
  choose: 'Choose which emails',
  stops: 'stops receiving.',
  noLink:
    'This page opens from the unsubscribe link at the bottom of our emails. Use that link to set your preferences.',
};
