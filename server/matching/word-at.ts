// Reads one number of a typed array. The engine keeps its books in typed arrays addressed by slot
// and index; every index it reads is one it wrote, and TypeScript (`noUncheckedIndexedAccess`)
// cannot know that. Reading through here keeps the number typed as a number without a cast, and
// an index outside the array, which would be a bug in the engine, fails at once instead of
// spreading `undefined` through the arithmetic of a book.
type Words = Int32Array | Uint32Array | Float64Array | Uint8Array | Uint16Array;

export function wordAt(words: Words, index: number): number {
  const word = words[index];
  if (word === undefined) throw new RangeError(`index ${index} outside ${words.length} words`);
  return word;
}
