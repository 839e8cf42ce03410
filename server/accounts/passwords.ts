// Password hashing with argon2id (OWASP's recommended parameters), via a maintained native binding.
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum, which this build cannot read: 2 is its Argon2id.
const argon2id = 2 as Algorithm.Argon2id;
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown account answers as slowly as a wrong password. */
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy password that matches nothing 0');
  await verifyPassword(await decoy, password);
  return false;
}
