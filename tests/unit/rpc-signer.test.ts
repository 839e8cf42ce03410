// The external signer path: the API process's RpcSigner asks the development signer service over
// HTTP JSON-RPC and gets transactions signed by the right child key; the service refuses a wrong
// token, an address it holds no key of, a false key path hint and malformed or foreign
// transactions; the client refuses an answer that is not the transaction it asked for; and a key
// file others may read is refused before anything is signed.

import { chmod, copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Address,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyAddress } from '../../server/chain/evm/key-addresses.ts';
import { developmentKeyFile } from '../../server/chain/signer/development-key.ts';
import { FileSigner, SignerKeyError } from '../../server/chain/signer/file-signer.ts';
import {
  RpcSigner,
  SignerRefusedError,
  signRequest,
} from '../../server/chain/signer/rpc-signer.ts';
import { signerOf } from '../../server/chain/signer/signer-of.ts';
import {
  rpcErrors,
  type SignerService,
  startSignerService,
} from '../../server/chain/signer/signer-service.ts';
import { loadConfig } from '../../server/config.ts';

const token = 'test-signer-token-0123456789abcdef';
const chainId = 31337;
const xpub = loadConfig({}).walletXpubs.ethereum.xpub;
const hot = keyAddress(xpub, { role: 'hot' });
const deposit5 = keyAddress(xpub, { role: 'deposit', index: 5 });
const payee: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const transaction: TransactionSerializableEIP1559 = {
  type: 'eip1559',
  chainId,
  nonce: 7,
  to: payee,
  value: 123_456_789n,
  gas: 21_000n,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
};

let dir: string;
let keyFile: string;
let fileSigner: FileSigner;
let service: SignerService;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'meridian-signer-'));
  keyFile = await developmentKeyFile(dir);
  fileSigner = await FileSigner.open(keyFile, xpub);
  service = await startSignerService({ signer: fileSigner, accountXpub: xpub, token, chainId });
});
afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A raw JSON-RPC call to the service, with the token unless told otherwise. */
async function call(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(service.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { result?: string; error?: { code: number; message: string } },
  };
}
const signCall = (params: unknown[]) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'eth_signTransaction',
  params,
});

describe('the external signer through the signer service', () => {
  it('signs as the hot wallet and as a deposit address, exactly the transaction asked for', async () => {
    const signer = new RpcSigner(service.url, token);
    expect(signer.kind).toBe('external');
    for (const [key, from] of [
      [{ role: 'hot' }, hot],
      [{ role: 'deposit', index: 5 }, deposit5],
    ] as const) {
      const raw = await signer.signTransaction(key, from, transaction);
      expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(from);
      expect(parseTransaction(raw)).toMatchObject({ ...transaction, to: payee.toLowerCase() });
      // The same signature the in-process signer makes: the service holds the same key.
      expect(raw).toBe(await fileSigner.signTransaction(key, from, transaction));
    }
  });

  it('finds the signing key from the from-address when no key path is hinted', async () => {
    const answer = await call(signCall([signRequest(deposit5, transaction)]));
    expect(answer.status).toBe(200);
    const raw = answer.body.result as `0x${string}`;
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(deposit5);
  });

  it('refuses a wrong or missing token', async () => {
    await expect(
      new RpcSigner(service.url, 'not-the-token-0123456789abcdefghij').signTransaction(
        { role: 'hot' },
        hot,
        transaction,
      ),
    ).rejects.toThrow(SignerRefusedError);
    const wrong = await call(signCall([signRequest(hot, transaction)]), {
      authorization: 'Bearer nope',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.code).toBe(rpcErrors.unauthorised);
    expect(wrong.body.result).toBeUndefined();
    const none = await call(signCall([signRequest(hot, transaction)]), { authorization: '' });
    expect(none.body.error?.code).toBe(rpcErrors.unauthorised);
  });

  it('refuses an address it holds no key of, and a key path that is not the address’s key', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const signer = new RpcSigner(service.url, token);
    await expect(signer.signTransaction({ role: 'hot' }, stranger, transaction)).rejects.toThrow(
      `is not the key of ${stranger}`,
    );
    const unknown = await call(signCall([signRequest(stranger, transaction)]));
    expect(unknown.body.error).toEqual({
      code: rpcErrors.unknownAccount,
      message: `this signer holds no key of ${stranger}`,
    });
    // The hint names deposit 4 while the address is deposit 5's: checked, not believed.
    const falseHint = await call(signCall([signRequest(deposit5, transaction)]), {
      'signer-key-path': "m/44'/60'/0'/0/4",
    });
    expect(falseHint.body.error?.code).toBe(rpcErrors.unknownAccount);
    await expect(
      signer.signTransaction({ role: 'deposit', index: 4 }, deposit5, transaction),
    ).rejects.toThrow(SignerRefusedError);
  });

  it('refuses bad fields, another chain and other methods', async () => {
    const request = signRequest(hot, transaction);
    const refusals: [unknown, number][] = [
      [signCall([{ ...request, gasPrice: '0x1' }]), rpcErrors.invalidParams],
      [signCall([{ ...request, nonce: '7' }]), rpcErrors.invalidParams],
      [signCall([{ ...request, nonce: undefined }]), rpcErrors.invalidParams],
      [signCall([{ ...request, to: '0x1234' }]), rpcErrors.invalidParams],
      [signCall([{ ...request, chainId: '0x1' }]), rpcErrors.invalidParams],
      [signCall([{ ...request, maxPriorityFeePerGas: '0xffffffffff' }]), rpcErrors.invalidParams],
      [signCall([request, request]), rpcErrors.invalidParams],
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_sign', params: [hot, '0x00'] },
        rpcErrors.methodNotFound,
      ],
      [[signCall([request])], rpcErrors.invalidRequest],
    ];
    for (const [body, code] of refusals) {
      const answer = await call(body);
      expect(answer.body.error?.code, JSON.stringify(body)).toBe(code);
      expect(answer.body.result).toBeUndefined();
    }
    await expect(
      new RpcSigner(service.url, token).signTransaction({ role: 'hot' }, hot, {
        ...transaction,
        chainId: 1,
      }),
    ).rejects.toThrow('this signer signs for 31337');
  });
});

describe('the external signer’s answer', () => {
  let fake: Server;
  let answerWith: (params: ReturnType<typeof signRequest>) => Promise<string>;
  beforeAll(async () => {
    fake = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const { id, params } = JSON.parse(Buffer.concat(chunks).toString());
        const result = await answerWith(params[0]);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => (fake ? fake.close(() => resolve()) : resolve())));
  const fakeUrl = () => `http://127.0.0.1:${(fake.address() as AddressInfo).port}/`;

  it('is refused when another key signed it', async () => {
    const other = privateKeyToAccount(generatePrivateKey());
    answerWith = () => other.signTransaction(transaction);
    await expect(
      new RpcSigner(fakeUrl(), token).signTransaction({ role: 'hot' }, hot, transaction),
    ).rejects.toThrow(`the signed transaction is from ${other.address}, not ${hot}`);
  });

  it('is refused when the right key signed other fields', async () => {
    answerWith = () =>
      fileSigner.signTransaction({ role: 'hot' }, hot, {
        ...transaction,
        to: hot,
        value: 2n * 123_456_789n,
      });
    await expect(
      new RpcSigner(fakeUrl(), token).signTransaction({ role: 'hot' }, hot, transaction),
    ).rejects.toThrow('differs from the one asked for in: to, value');
  });

  it('is taken as Clef writes it, the raw transaction beside the decoded one', async () => {
    const raw = await fileSigner.signTransaction({ role: 'hot' }, hot, transaction);
    answerWith = async () => ({ raw, tx: {} }) as never;
    expect(
      await new RpcSigner(fakeUrl(), token).signTransaction({ role: 'hot' }, hot, transaction),
    ).toBe(raw);
  });
});

describe('which signer the settings name', () => {
  it('refuses a key file that others may read', async () => {
    const loose = path.join(dir, 'loose.xprv');
    await copyFile(keyFile, loose);
    await chmod(loose, 0o644);
    await expect(FileSigner.open(loose, xpub)).rejects.toThrow(SignerKeyError);
    await expect(FileSigner.open(loose, xpub)).rejects.toThrow('may be read by others');
  });

  it('with CHAIN_SIGNER_URL, is external, and reads or writes no key file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-no-key-'));
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        CHAIN_SIGNER_URL: service.url,
        CHAIN_SIGNER_TOKEN: token,
        CHAIN_SIGNER_KEY_FILE: path.join(dataDir, 'absent.xprv'),
      });
      const signer = await signerOf(config);
      expect(signer?.kind).toBe('external');
      expect(await readdir(dataDir)).toEqual([]);
      expect(await signer?.signTransaction({ role: 'hot' }, hot, transaction)).toBe(
        await fileSigner.signTransaction({ role: 'hot' }, hot, transaction),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses CHAIN_SIGNER_URL without its token, and a short token', () => {
    expect(() => loadConfig({ CHAIN_SIGNER_URL: 'http://127.0.0.1:8550/' })).toThrow(
      'CHAIN_SIGNER_TOKEN',
    );
    expect(() => loadConfig({ CHAIN_SIGNER_TOKEN: 'short' })).toThrow('CHAIN_SIGNER_TOKEN');
    expect(() => loadConfig({ CHAIN_SIGNER_URL: 'ftp://x', CHAIN_SIGNER_TOKEN: token })).toThrow(
      'CHAIN_SIGNER_URL',
    );
  });
});
