/** Keys for the Exact algorithm: names equal after normalisation. */
import type { PersonName } from './person-name';

/** First and last name (surname parts glued), ignoring middle names, titles and suffixes. */
export function exactPersonKey(name: PersonName): string {
  return `${name.first}|${name.last.join('')}`;
}

/** Business tokens after legal forms and stopwords are removed, glued. */
export function exactBusinessKey(tokens: string[]): string {
  return tokens.join('');
}
