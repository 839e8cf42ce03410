// What a real name and an ID number must look like, and how they are masked for display. The app
// checks a form with these before sending it; the server enforces the same rules.

/** A name as written on an ID: letters of any script and the marks that join them. */
const nameShape = /^[\p{L}\p{M}]+(?:[ '’.·-][\p{L}\p{M}]+)*\.?$/u;

/** Spaces collapsed and the ends trimmed, so one name has one stored form. */
export function normaliseRealName(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** 2 to 50 characters, letters with single spaces, apostrophes, hyphens, dots or middle dots between. */
export function isValidRealName(text: string): boolean {
  const name = normaliseRealName(text);
  const letters = name.match(/\p{L}/gu)?.length ?? 0;
  return name.length <= 50 && letters >= 2 && nameShape.test(name);
}

/**
 * Upper case without the spaces and hyphens people type to group digits. Documents differ by
 * country, so the rule is their common shape rather than one country's format.
 */
export function normaliseIdNumber(text: string): string {
  return text.trim().toUpperCase().replace(/[\s-]/g, '');
}

/** ISO 7064 MOD 11-2, the check character of an 18-character PRC resident identity number. */
function residentIdCheckHolds(id: string): boolean {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(id[i]) * (weights[i] ?? 0);
  return '10X98765432'[sum % 11] === id[17];
}

/**
 * 5 to 30 letters and digits with at least two digits; a number shaped like a PRC resident ID
 * (17 digits and a check character) must also have the right check character.
 */
export function isValidIdNumber(text: string): boolean {
  const id = normaliseIdNumber(text);
  if (!/^[A-Z0-9]{5,30}$/.test(id) || (id.match(/\d/g)?.length ?? 0) < 2) return false;
  if (/^\d{17}[\dX]$/.test(id)) return residentIdCheckHolds(id);
  return true;
}

/** The first character of each word shown, the rest starred: "Ada Lovelace" → "A** L*******". */
export function maskRealName(name: string): string {
  return name
    .split(' ')
    .map((word) => {
      const chars = Array.from(word);
      return (chars[0] ?? '') + '*'.repeat(Math.max(chars.length - 1, 1));
    })
    .join(' ');
}

/** The first two and last two characters with a fixed run of stars, so the length stays private. */
export function maskIdNumber(id: string): string {
  return `${id.slice(0, 2)}******${id.slice(-2)}`;
}
