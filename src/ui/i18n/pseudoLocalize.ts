const ACCENTED: Record<string, string> = {
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
}

/**
 * The pseudo-locale's version of an English text: every letter accented and every vowel doubled
 * (about 40 % longer, like German or Russian), so text that skipped the catalogue stands out in
 * plain ASCII and labels that cannot grow show where they clip.
 *
 * @example
 * pseudoLocalize('Copy link') // 'Çööþý ļîîñķ'
 */
export function pseudoLocalize(text: string): string {
  let out = ''
  for (const char of text) {
    const accented = ACCENTED[char] ?? char
    out += /[aeiouyAEIOUY]/.test(char) ? accented + accented : accented
  }
  return out
}
