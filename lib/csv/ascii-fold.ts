// Latin text folded to ASCII for file names: "Académie Ørsted" -> "Academie Orsted".
// NFKD splits accents off their letters; the letters that do not decompose are mapped by hand.

const LETTERS: Record<string, string> = {
  ß: "ss", ẞ: "SS", æ: "ae", Æ: "AE", œ: "oe", Œ: "OE", ø: "o", Ø: "O", đ: "d", Đ: "D",
  ð: "d", Ð: "D", ł: "l", Ł: "L", þ: "th", Þ: "Th", ı: "i", ħ: "h", Ħ: "H",
};

export function foldToAscii(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßẞæÆœŒøØđĐðÐłŁþÞıħĦ]/g, (letter) => LETTERS[letter] ?? letter);
}
