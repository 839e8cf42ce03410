// `npm run signer`: runs the development signer service (server/chain/signer/signer-service.ts)
// with the key the settings name: CHAIN_SIGNER_KEY_FILE, else, with the development
// WALLET_XPUB_ETH, the development key in DATA_DIR. It needs CHAIN_SIGNER_TOKEN and listens on
// 127.0.0.1 at CHAIN_SIGNER_PORT (8550 by default); an API process then sets CHAIN_SIGNER_URL to
// the URL it prints and the same token, and holds no key. Ctrl-C or SIGTERM stops it.
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../config.ts';
import { fileSignerOf } from './signer-of.ts';
import { startSignerService } from './signer-service.ts';

const port = z.coerce.number().int().min(0).max(65_535).default(8550);

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const token = config.chain.signerToken;
  if (!token) throw new ConfigError(['CHAIN_SIGNER_TOKEN: the signer service needs its token']);
  const parsedPort = port.safeParse(process.env.CHAIN_SIGNER_PORT || undefined);
  if (!parsedPort.success) throw new ConfigError(['CHAIN_SIGNER_PORT: must be a port number']);
  const signer = await fileSignerOf(config);
  if (!signer) {
    throw new ConfigError([
      'CHAIN_SIGNER_KEY_FILE: with a real WALLET_XPUB_ETH the signer service needs its key file',
    ]);
  }
  const service = await startSignerService({
    signer,
    accountXpub: config.walletXpubs.ethereum.xpub,
    token,
    chainId: config.chain.evm?.chainId,
    port: parsedPort.data,
    log: (msg, fields) => console.log(JSON.stringify({ time: Date.now(), msg, ...fields })),
  });
  console.log(JSON.stringify({ msg: 'signer listening', url: service.url }));
  const stop = () => {
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
