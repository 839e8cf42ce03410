// The external signer's client: the API process holds no private key and asks a signer service
// (Web3Signer, a Clef-style signer, an HSM's gateway, or the development service of
// server/chain/signer/signer-service.ts) to sign each transaction over HTTP JSON-RPC
// `eth_signTransaction`, with a bearer token. What it answers is not trusted: the signed
// transaction must recover to the address asked for and carry exactly the fields asked for, or
// it is refused and never broadcast (docs/wallet.md § "The signer" gives the exact request).
import {
  type Address,
  type Hex,
  isHex,
  numberToHex,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerializableEIP1559,
  type TransactionSerializedEIP1559,
} from 'viem';
import { z } from 'zod';
import { type ChainSigner, keyPath, type SigningKey } from './signer.ts';

/** A JSON-RPC answer as far as it is read: its id, and its result or its error. */
const rpcAnswer = z
  .object({
    id: z.unknown().optional(),
    result: z.unknown().optional(),
    error: z.object({ code: z.unknown().optional(), message: z.unknown().optional() }).optional(),
  })
  .nullable()
  .catch(null);
/** Web3Signer answers the raw transaction; Clef answers it as `raw` beside the decoded one. */
const signedResult = z.union([
  z.string(),
  z.object({ raw: z.string() }).transform(({ raw }) => raw),
]);

/** A signed type-2 (EIP-1559) transaction: the only kind this server asks for. */
function isEip1559(raw: Hex): raw is TransactionSerializedEIP1559 {
  return raw.startsWith('0x02');
}

/** The header naming the child of the account key that signs (a hint the service must check). */
export const keyPathHeader = 'signer-key-path';
/** How long one signing request may take before the send is left for the next round. */
const requestTimeoutMs = 15_000;

/** The full derivation path of a signing key, as the header writes it. */
export function fullKeyPath(key: SigningKey): string {
  const [branch, index] = keyPath(key);
  return `m/44'/60'/0'/${branch}/${index}`;
}

/** A refusal by the signer, or an answer that is not the transaction asked for. */
export class SignerRefusedError extends Error {
  override name = 'SignerRefusedError';
}

export class RpcSigner implements ChainSigner {
  readonly kind = 'external';
  #nextId = 1;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async signTransaction(
    key: SigningKey,
    from: Address,
    transaction: TransactionSerializableEIP1559,
  ): Promise<Hex> {
    const request = signRequest(from, transaction);
    const id = this.#nextId++;
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${this.token}`,
        [keyPathHeader]: fullKeyPath(key),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'eth_signTransaction',
        params: [request],
      }),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const answer = rpcAnswer.parse(await response.json().catch(() => null));
    if (answer?.error) {
      throw new SignerRefusedError(
        `the signer refused (${String(answer.error.code)}): ${String(answer.error.message)}`,
      );
    }
    if (!response.ok || !answer || answer.id !== id) {
      throw new SignerRefusedError(`the signer answered HTTP ${response.status} without a result`);
    }
    const result = signedResult.safeParse(answer.result);
    const raw = result.success ? result.data : undefined;
    if (raw === undefined || !isHex(raw)) {
      throw new SignerRefusedError('the signer answered no signed transaction');
    }
    await checkSigned(raw, from, transaction);
    return raw;
  }
}

/** The `eth_signTransaction` object: the sender and every field as a hex quantity. */
export function signRequest(from: Address, tx: TransactionSerializableEIP1559) {
  const { chainId, nonce, gas, maxFeePerGas, maxPriorityFeePerGas, to } = tx;
  if (chainId === undefined || nonce === undefined || gas === undefined || !to) {
    throw new Error('a transaction to sign needs its chain id, nonce, gas limit and recipient');
  }
  if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) {
    throw new Error('a transaction to sign needs its EIP-1559 fees');
  }
  if (tx.accessList && tx.accessList.length > 0) {
    throw new Error('a transaction to sign carries no access list');
  }
  return {
    from,
    to,
    type: '0x2',
    chainId: numberToHex(chainId),
    nonce: numberToHex(nonce),
    gas: numberToHex(gas),
    maxFeePerGas: numberToHex(maxFeePerGas),
    maxPriorityFeePerGas: numberToHex(maxPriorityFeePerGas),
    value: numberToHex(tx.value ?? 0n),
    data: tx.data ?? '0x',
  };
}

/** Refuses a signed transaction that is not from `from`, or not exactly the one asked for. */
export async function checkSigned(
  raw: Hex,
  from: Address,
  asked: TransactionSerializableEIP1559,
): Promise<void> {
  let signed: ReturnType<typeof parseTransaction>;
  let signer: Address;
  try {
    if (!isEip1559(raw)) throw new Error('not a type-2 transaction');
    signed = parseTransaction(raw);
    signer = await recoverTransactionAddress({ serializedTransaction: raw });
  } catch {
    throw new SignerRefusedError('the signer answered a transaction that does not parse');
  }
  if (signer.toLowerCase() !== from.toLowerCase()) {
    throw new SignerRefusedError(`the signed transaction is from ${signer}, not ${from}`);
  }
  const differs: string[] = [];
  const same = (name: string, got: unknown, want: unknown) => {
    if (got !== want) differs.push(name);
  };
  same('type', signed.type, 'eip1559');
  same('chainId', signed.chainId, asked.chainId);
  same('nonce', signed.nonce, asked.nonce);
  same('to', signed.to?.toLowerCase(), asked.to?.toLowerCase());
  same('value', signed.value ?? 0n, asked.value ?? 0n);
  same('data', (signed.data ?? '0x').toLowerCase(), (asked.data ?? '0x').toLowerCase());
  same('gas', signed.gas, asked.gas);
  same('maxFeePerGas', signed.maxFeePerGas, asked.maxFeePerGas);
  same('maxPriorityFeePerGas', signed.maxPriorityFeePerGas, asked.maxPriorityFeePerGas);
  same('accessList', (signed.accessList ?? []).length, 0);
  if (differs.length > 0) {
    throw new SignerRefusedError(
      `the signed transaction differs from the one asked for in: ${differs.join(', ')}`,
    );
  }
}
