// How a product's movements show in the user's records: the type the records page filters them by,
// the labels an entry may carry (`wallet.records.labels.<label>`) and what an entry may link to.
// Each product declares its own (schemas/api/<product>.records.ts); schemas/product-records.ts
// lists them. No zod here: the records page reads the types before any schema loads.

export interface RecordVocabulary {
  readonly types: readonly string[];
  readonly labels: readonly string[];
  readonly links: readonly string[];
}

/** A product's vocabulary, its words kept as literal types. */
export function recordVocabulary<const V extends RecordVocabulary>(vocabulary: V): V {
  return vocabulary;
}
