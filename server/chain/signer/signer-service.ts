// A small signer service for development and tests: it holds the key file (through FileSigner) in
// its own process and answers JSON-RPC `eth_signTransaction` on 127.0.0.1 to a caller with its
// bearer token, so an API process configured with CHAIN_SIGNER_URL runs with no key at all, as it
// would against a production signer (docs/wallet.md § "The signer"). Anything else is refused with
// a JSON-RPC error and nothing signed: a wrong or missing token, another method, a malformed or
// legacy transaction, another chain, an address whose key it does not hold, a key path hint that is
// not that address's key. Which child key signs is found from the `from` address; the hint only
// spares the search, and is checked.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { HDKey } from '@scure/bip32';
import { type Address, getAddress, hexToBigInt, hexToNumber } from 'viem';
import { z } from 'zod';
import { encodeAddress, parseAccountXpub } from '../../wallet/addresses/derive.ts';
import { fullKeyPath, keyPathHeader } from './rpc-signer.ts';
import type { ChainSigner, SigningKey } from './signer.ts';

export interface SignerServiceOptions {
  /** The key holder: a FileSigner in development. */
  signer: ChainSigner;
  /** WALLET_XPUB_ETH: the public half of the signer's key, to find the child of an address. */
  accountXpub: string;
  token: string;
  /** When set, a transaction for another chain is refused. */
  chainId?: number | undefined;
  /** 0 (the default) takes a free port. */
  port?: number;
  /**
   * How many deposit addresses (0/0 … 0/n-1) an address without a key path hint is looked for
   * among (1,000 by default); with the hint, any index is checked directly.
   */
  depositSearch?: number;
  /** One line per signature or refusal; never given a key. */
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export interface SignerService {
  url: string;
  close(): Promise<void>;
}

/** JSON-RPC error codes: the standard ones, and the service's own (unauthorised, unknown key). */
export const rpcErrors = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  unauthorised: -32001,
  unknownAccount: -32002,
} as const;

const maxBodyBytes = 64 * 1024;
/** One JSON-RPC request; its method and params are checked once it is known to be one. */
const rpcRequest = z.object({
  id: z.unknown().optional(),
  method: z.unknown().optional(),
  params: z.unknown().optional(),
});
const quantity = z.string().regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/, 'must be a hex quantity');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address');
/** Exactly the fields the API process sends (rpc-signer.ts); a legacy `gasPrice` is unknown. */
const transactionSchema = z.strictObject({
  from: address,
  to: address,
  type: z.literal('0x2').optional(),
  chainId: quantity,
  nonce: quantity,
  gas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  value: quantity.optional(),
  data: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be hex bytes')
    .optional(),
});

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}

export async function startSignerService(options: SignerServiceOptions): Promise<SignerService> {
  const keys = new KeyFinder(options.accountXpub, options.depositSearch ?? 1000);
  const expectedToken = digest(options.token);
  const log = options.log ?? (() => {});

  const server = createServer((request, response) => {
    handle(request).then(
      (result) => answer(response, 200, { jsonrpc: '2.0', id: result.id, result: result.raw }),
      (error: unknown) => {
        const refusal =
          error instanceof RpcError
            ? error
            : new RpcError(rpcErrors.invalidRequest, 'the transaction could not be signed');
        log('refused', { code: refusal.code, reason: refusal.message });
        answer(response, refusal.status, {
          jsonrpc: '2.0',
          id: typeof error === 'object' && error !== null && 'id' in error ? error.id : null,
          error: { code: refusal.code, message: refusal.message },
        });
      },
    );
  });

  async function handle(request: IncomingMessage): Promise<{ id: unknown; raw: string }> {
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !timingSafeEqual(digest(bearer), expectedToken)) {
      throw new RpcError(rpcErrors.unauthorised, 'unauthorised: wrong or missing token', 401);
    }
    if (request.method !== 'POST') {
      throw new RpcError(rpcErrors.invalidRequest, 'only POST is answered', 405);
    }
    const body = await readBody(request);
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      throw new RpcError(rpcErrors.parse, 'the body is not JSON');
    }
    const call = rpcRequest.safeParse(message);
    if (Array.isArray(message) || !call.success) {
      throw new RpcError(rpcErrors.invalidRequest, 'one JSON-RPC request object is answered');
    }
    const { id, method, params } = call.data;
    try {
      if (method !== 'eth_signTransaction') {
        throw new RpcError(rpcErrors.methodNotFound, `the method ${String(method)} is not served`);
      }
      const raw = await sign(params, request.headers[keyPathHeader]);
      return { id: id ?? null, raw };
    } catch (error) {
      if (typeof error === 'object' && error !== null) Object.assign(error, { id: id ?? null });
      throw error;
    }
  }

  async function sign(params: unknown, hint: string | string[] | undefined): Promise<string> {
    if (!Array.isArray(params) || params.length !== 1) {
      throw new RpcError(rpcErrors.invalidParams, 'params must be [transaction]');
    }
    const parsed = transactionSchema.safeParse(params[0]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RpcError(
        rpcErrors.invalidParams,
        `bad transaction: ${issue?.path.join('.') || 'object'} ${issue?.message ?? ''}`.trim(),
      );
    }
    const tx = parsed.data;
    const chainId = hexToNumber(tx.chainId as `0x${string}`);
    if (options.chainId !== undefined && chainId !== options.chainId) {
      throw new RpcError(
        rpcErrors.invalidParams,
        `the transaction is for chain ${chainId}, this signer signs for ${options.chainId}`,
      );
    }
    const maxFeePerGas = hexToBigInt(tx.maxFeePerGas as `0x${string}`);
    const maxPriorityFeePerGas = hexToBigInt(tx.maxPriorityFeePerGas as `0x${string}`);
    if (maxPriorityFeePerGas > maxFeePerGas) {
      throw new RpcError(rpcErrors.invalidParams, 'maxPriorityFeePerGas exceeds maxFeePerGas');
    }
    const from = getAddress(tx.from);
    const key = keys.keyOf(from, typeof hint === 'string' ? hint : undefined);
    const raw = await options.signer.signTransaction(key, from, {
      type: 'eip1559',
      chainId,
      nonce: hexToNumber(tx.nonce as `0x${string}`),
      to: getAddress(tx.to),
      value: hexToBigInt((tx.value ?? '0x0') as `0x${string}`),
      data: (tx.data ?? '0x') as `0x${string}`,
      gas: hexToBigInt(tx.gas as `0x${string}`),
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    log('signed', { from, to: tx.to, nonce: tx.nonce, chainId, key: fullKeyPath(key) });
    return raw;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const bound = server.address();
  // Listening on a TCP port: Node answers a string only for a pipe or socket file.
  if (bound === null || typeof bound === 'string') throw new Error('the signer has no port');
  const { port } = bound;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Finds the child of the account key an address belongs to, from the public key alone. */
class KeyFinder {
  readonly #account: HDKey;
  readonly #deposits: HDKey;
  readonly #hot: Address;
  /** Deposit addresses derived so far, lower-case, to their index. */
  readonly #known = new Map<string, number>();

  constructor(
    accountXpub: string,
    private readonly search: number,
  ) {
    this.#account = parseAccountXpub(accountXpub, 'ethereum');
    this.#deposits = this.#account.deriveChild(0);
    this.#hot = addressOf(this.#account.deriveChild(1), 0);
  }

  keyOf(from: Address, hint: string | undefined): SigningKey {
    if (hint !== undefined) {
      const key = parsePath(hint);
      if (!key || this.#addressOf(key) !== from) {
        throw new RpcError(
          rpcErrors.unknownAccount,
          `the key path ${hint} is not the key of ${from}`,
        );
      }
      return key;
    }
    if (from === this.#hot) return { role: 'hot' };
    const wanted = from.toLowerCase();
    let index = this.#known.get(wanted);
    // Derived on demand and kept: each address is derived once however often it is asked for.
    while (index === undefined && this.#known.size < this.search) {
      const next = this.#known.size;
      const derived = addressOf(this.#deposits, next).toLowerCase();
      this.#known.set(derived, next);
      if (derived === wanted) index = next;
    }
    if (index === undefined) {
      throw new RpcError(rpcErrors.unknownAccount, `this signer holds no key of ${from}`);
    }
    return { role: 'deposit', index };
  }

  #addressOf(key: SigningKey): Address {
    return key.role === 'hot' ? this.#hot : addressOf(this.#deposits, key.index);
  }
}

function addressOf(branch: HDKey, index: number): Address {
  const child = branch.deriveChild(index);
  if (!child.publicKey) throw new Error('the derived key has no public key');
  return getAddress(encodeAddress('ethereum', child.publicKey));
}

/** `m/44'/60'/0'/1/0` is the hot wallet, `m/44'/60'/0'/0/<n>` deposit address n. */
function parsePath(path: string): SigningKey | null {
  const match = /^m\/44'\/60'\/0'\/([01])\/(0|[1-9]\d{0,9})$/.exec(path);
  if (!match) return null;
  const index = Number(match[2]);
  if (index >= 2 ** 31) return null;
  if (match[1] === '1') return index === 0 ? { role: 'hot' } : null;
  return { role: 'deposit', index };
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped, so the refusal can still be answered.
      if (size > maxBodyBytes) {
        reject(new RpcError(rpcErrors.invalidRequest, 'the request is too large', 413));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
