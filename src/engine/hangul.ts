/**
 * Korean names in Hangul, written in Latin letters the way Korean names are usually spelt in English
 * (ADR 034): the first syllable is the family name, in its customary spelling (김 Kim, 이 Lee, 박 Park,
 * 리 Ri); the given-name syllables are written apart ("Jong Un", as "Jong-un" reads once the hyphen goes),
 * in the Revised Romanisation without its eo/eu (정 jong, 은 un, 석 sok), which is how names are spelt
 * on passports and the sanctions lists far more often than "jeong" / "eun".
 */
const INITIALS = ['g', 'kk', 'n', 'd', 'tt', 'r', 'm', 'b', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 't', 'p', 'h'];
const VOWELS = ['a', 'ae', 'ya', 'yae', 'o', 'e', 'yo', 'ye', 'o', 'wa', 'wae', 'oe', 'yo', 'u', 'wo', 'we', 'wi', 'yu', 'u', 'ui', 'i'];
const FINALS = ['', 'k', 'k', 'k', 'n', 'n', 'n', 't', 'l', 'k', 'm', 'l', 'l', 'l', 'p', 'l', 'm', 'p', 'p', 't', 't', 'ng', 't', 't', 'k', 't', 'p', 't'];
/** Family names in their customary spellings (the most common ones; others are romanised syllable by syllable). */
const FAMILY: Record<string, string> = {
  김: 'kim', 이: 'lee', 리: 'ri', 박: 'park', 최: 'choi', 정: 'jung', 강: 'kang', 조: 'cho', 윤: 'yoon', 장: 'jang', 임: 'lim',
  한: 'han', 오: 'oh', 서: 'seo', 신: 'shin', 권: 'kwon', 황: 'hwang', 안: 'ahn', 송: 'song', 류: 'ryu', 유: 'yoo', 홍: 'hong',
  전: 'jeon', 고: 'ko', 문: 'moon', 손: 'son', 양: 'yang', 배: 'bae', 백: 'baek', 허: 'heo', 노: 'roh', 남: 'nam', 심: 'shim',
  하: 'ha', 곽: 'kwak', 성: 'sung', 차: 'cha', 주: 'joo', 우: 'woo', 구: 'koo', 민: 'min', 나: 'na', 진: 'jin', 지: 'ji',
  엄: 'um', 채: 'chae', 원: 'won', 천: 'cheon', 방: 'bang', 공: 'kong', 현: 'hyun', 함: 'ham', 변: 'byun', 염: 'yeom', 여: 'yeo',
  추: 'choo', 도: 'do', 소: 'so', 석: 'seok', 선: 'sun', 설: 'seol', 마: 'ma', 길: 'gil', 연: 'yeon', 표: 'pyo', 명: 'myung',
  기: 'ki', 반: 'ban', 왕: 'wang', 금: 'keum', 옥: 'ok', 육: 'yook', 인: 'in', 맹: 'maeng', 제: 'je', 모: 'mo', 탁: 'tak', 국: 'kook',
  은: 'eun', 편: 'pyun', 용: 'yong', 라: 'ra', 로: 'ro', 림: 'rim', 량: 'ryang', 려: 'ryo', 룡: 'ryong',
};
/** Two-syllable family names. */
const FAMILY_TWO: Record<string, string> = { 남궁: 'namgung', 선우: 'sunwoo', 제갈: 'jegal', 황보: 'hwangbo', 독고: 'dokgo', 사공: 'sagong' };

const HANGUL_WORD = /[\uac00-\ud7a3]+/g;

function syllable(ch: string): string {
  const code = ch.charCodeAt(0) - 0xac00;
  const initial = Math.floor(code / 588);
  const vowel = Math.floor((code % 588) / 28);
  return INITIALS[initial] + VOWELS[vowel] + FINALS[code % 28];
}

/** One word of Hangul: a name of two to four syllables as family name and given-name syllables; others glued. */
function romaniseWord(word: string): string {
  const chars = [...word];
  if (chars.length < 2 || chars.length > 4) return chars.map(syllable).join('');
  const two = chars.length >= 3 ? FAMILY_TWO[chars[0] + chars[1]] : undefined;
  const family = two ?? FAMILY[chars[0]] ?? syllable(chars[0]);
  return [family, ...chars.slice(two ? 2 : 1).map(syllable)].join(' ');
}

/** Replaces every Hangul word of a text with its Latin spelling. */
export function romaniseHangul(text: string): string {
  return text.replace(HANGUL_WORD, (w) => ` ${romaniseWord(w)} `);
}
