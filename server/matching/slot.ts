// Records in the engine's typed-array stores are addressed by slot number; NONE is no record.
export const NONE = -1;
