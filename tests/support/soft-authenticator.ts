// A software WebAuthn authenticator for tests: it answers the server's options the way a browser
// with a platform authenticator answers @simplewebauthn/browser, as JSON ready to post. ES256 keys
// from node:crypto, attestation format 'none', and the little CBOR it needs written by hand.
//
//   const authenticator = new SoftAuthenticator();             // origin http://localhost:5173
//   const response = authenticator.register(options);          // RegistrationResponseJSON
//   const assertion = authenticator.assert(loginOptions);      // AuthenticationResponseJSON
//
// A key it holds signs any request for its relying party: a discoverable one (no
// allowCredentials) with the newest credential, otherwise the first allowed one it holds.
import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';

/** What the server's options carry that an authenticator reads. */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
  excludeCredentials?: { id: string }[];
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface SoftAuthenticatorOptions {
  /** The page's origin the browser writes into clientDataJSON. */
  origin?: string;
  /** Whether its keys say they sync (a cloud keychain): the backup flags. */
  backedUp?: boolean;
  /** Signature counters: counted up per assertion, or always 0 as synced passkeys do. */
  counter?: 'increment' | 'zero';
}

export interface SoftCredential {
  /** Base64url, as the server stores it. */
  id: string;
  rpId: string;
  /** The user handle the options named (base64url). */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

/** Per-call changes, to forge what a real authenticator would never send. */
export interface Tamper {
  origin?: string;
  /** Sign for this relying party id instead of the options' one. */
  rpId?: string;
  /** Sign a challenge other than the one asked. */
  challenge?: string;
  /**
   * Use this credential even if the options do not allow it; in `register`, make it again (the
   * same id and key) even if the options exclude it.
   */
  credentialId?: string;
  /** Set the counter this assertion reports. */
  counter?: number;
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

export class SoftAuthenticator {
  readonly origin: string;
  readonly #backedUp: boolean;
  readonly #counting: boolean;
  /** The credentials made, oldest first. */
  readonly credentials: SoftCredential[] = [];

  constructor(options: SoftAuthenticatorOptions = {}) {
    this.origin = options.origin ?? 'http://localhost:5173';
    this.#backedUp = options.backedUp ?? false;
    this.#counting = (options.counter ?? 'increment') === 'increment';
  }

  /** Answers `navigator.credentials.create()` for the options: a RegistrationResponseJSON. */
  register(options: CreationOptions, tamper: Tamper = {}) {
    const rpId = tamper.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    const again = this.credentials.find((c) => c.id === tamper.credentialId);
    if (!again && this.credentials.some((c) => excluded.has(c.id) && c.rpId === rpId)) {
      throw new Error('the authenticator already holds an excluded credential');
    }
    const credential: SoftCredential = again ?? {
      id: b64url(randomBytes(16)),
      rpId,
      userHandle: options.user.id,
      privateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      counter: 0,
    };
    if (!again) this.credentials.push(credential);
    const id = Buffer.from(credential.id, 'base64url');
    const publicKey = createPublicKey(credential.privateKey);
    const clientDataJSON = this.#clientData('webauthn.create', options.challenge, tamper);
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      this.#authDataHead(rpId, 0x40, 0), // attested credential data follows
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CborValue>()],
        ['authData', authData],
      ]),
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers `navigator.credentials.get()` for the options: an AuthenticationResponseJSON. */
  assert(options: RequestOptions, tamper: Tamper = {}) {
    const asked = options.rpId ?? new URL(this.origin).hostname;
    const rpId = tamper.rpId ?? asked;
    const credential = this.#pick(options, asked, tamper.credentialId);
    if (this.#counting) credential.counter++;
    const counter = tamper.counter ?? credential.counter;
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge, tamper);
    const authData = this.#authDataHead(rpId, 0, counter);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    // ES256 signatures travel DER-encoded, which is node:crypto's default for EC keys.
    const signature = sign('sha256', signed, credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  #pick(options: RequestOptions, rpId: string, forced: string | undefined): SoftCredential {
    const mine = this.credentials.filter((c) => c.rpId === rpId);
    const allowed = options.allowCredentials?.map((c) => c.id);
    const found = forced
      ? this.credentials.find((c) => c.id === forced)
      : allowed && allowed.length > 0
        ? mine.find((c) => allowed.includes(c.id))
        : mine.at(-1);
    if (!found) throw new Error('the authenticator holds no credential for this request');
    return found;
  }

  #clientData(type: string, challenge: string, tamper: Tamper): Buffer {
    const data = {
      type,
      challenge: tamper.challenge ?? challenge,
      origin: tamper.origin ?? this.origin,
      crossOrigin: false,
    };
    return Buffer.from(JSON.stringify(data));
  }

  /** rpIdHash, flags (user present and verified, backup flags, `extra`), signature counter. */
  #authDataHead(rpId: string, extra: number, counter: number): Buffer {
    const backup = this.#backedUp ? 0x08 | 0x10 : 0;
    const head = Buffer.alloc(37);
    createHash('sha256').update(rpId).digest().copy(head, 0);
    head.writeUInt8(0x01 | 0x04 | backup | extra, 32);
    head.writeUInt32BE(counter, 33);
    return head;
  }
}

type CborValue = number | string | Uint8Array | Map<number | string, CborValue>;

/** The CBOR this needs (RFC 8949): integers, text, byte strings and maps, in definite lengths. */
export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

function cborHead(major: number, length: number): Buffer {
  const type = major << 5;
  if (length < 24) return Buffer.from([type | length]);
  if (length < 0x100) return Buffer.from([type | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head.writeUInt8(type | 25, 0);
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head.writeUInt8(type | 26, 0);
  head.writeUInt32BE(length, 1);
  return head;
}
