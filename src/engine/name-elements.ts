/**
 * How much a middle name read as the first name is worth (issue 52): a US middle name the person
 * may go by is weak evidence, an element of a name of many elements is as much the name as the first.
 */
import { isParticle } from './person-name';

// A roster first name that is only the list's middle name is weak evidence ("Linda Davis" vs JOSHUA
// LINDA DAVIS): with nothing else it stays under the default threshold (tuned on the real-list pairs).
const MIDDLE_AS_FIRST_FACTOR = 0.85;
// An element of a name of many elements (an Arabic name: "Rashid Al-Ubaidi" for AL-UBAIDI, Amir Rashid
// Muhammad) or a patronymic ("Ivanovich Bastrykin") is as much the person's name as the first one.
export const NAME_ELEMENT_AS_FIRST_FACTOR = 0.95;

/**
 * How much the first middle name read as the first name is worth: a middle name less than a name element
 * or the second given name of a person named with both surnames ("Ignacio Paez Soto" for PAEZ SOTO, Ramon
 * Ignacio: Hispanic names carry two given names, and either is the one the person goes by).
 */
export function asFirstFactor(middle: readonly string[], qLast: readonly string[], lLast: readonly string[]): number {
  const elements = middle.length >= 2 && middle.every((t) => t.length > 1);
  const bothSurnames = qLast.length >= 2 && lLast.length >= 2 && !qLast.some(isParticle) && !lLast.some(isParticle);
  return elements || bothSurnames || PATRONYMIC.test(middle[0]) ? NAME_ELEMENT_AS_FIRST_FACTOR : MIDDLE_AS_FIRST_FACTOR;
}

/** A Slavic patronymic (Ivanovich, Sergeyevna, Gennadievitch, Petrovych). */
const PATRONYMIC = /^[a-z]{3,}(ovich|evich|ovitch|evitch|ovych|evych|ovna|evna|ivna|ichna)$/;

/**
 * Whether a list writes names of every culture under one "LAST, First Middle" layout, so that each given name
 * it holds is as much an element of the person's name as the first (OFAC's lists: "FARZAT, Hussein Mahmoud" is
 * known as Mahmoud Farzat, "KIM, Kyong Il" as Il Kim). The US lists (LEIE, SAM, the states) write a US first
 * and middle name, where a roster going by the middle name is weaker evidence (ADR 118).
 */
export function writesEveryElement(source: string): boolean {
  return source.startsWith('ofac-');
}
