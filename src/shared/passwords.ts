/** Password rules shared by the registration form, password reset and the server. */
import { MESSAGES } from './messages';

export const PASSWORD_MIN_LENGTH = 7;

/**
 * Returns the first broken rule's message, or null when the password passes the local
 * rules. `isDictionaryWord` is supplied by the server (it holds the word list).
 */
export function checkPassword(
  password: string,
  username: string,
  isDictionaryWord: (word: string) => boolean = () => false,
): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return MESSAGES.passwordNeedsLetterAndNumber;
  if (username && password.toLowerCase() === username.trim().toLowerCase()) return MESSAGES.passwordIsUsername;
  // "Based on" a dictionary word: the letters alone, stripped of digits and symbols.
  const core = password.toLowerCase().replace(/[^a-z]/g, '');
  if (core.length >= 4 && isDictionaryWord(core)) return MESSAGES.passwordIsDictionaryWord;
  return null;
}
