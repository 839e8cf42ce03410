// Which signer the configuration names: an external signer (CHAIN_SIGNER_URL), which wins over
// everything else and leaves the process without any key (no key file is read, none is written);
// else the key file (CHAIN_SIGNER_KEY_FILE); else, with the development public key in use, the
// development key written to the data directory; else none, and the platform watches deposits but
// signs nothing (no sweep, no withdrawal on chain).
import type { Config } from '../../config.ts';
import { developmentKeyFile } from './development-key.ts';
import { FileSigner } from './file-signer.ts';
import { RpcSigner } from './rpc-signer.ts';
import type { ChainSigner } from './signer.ts';

type SignerConfig = Pick<Config, 'chain' | 'walletXpubs' | 'dataDir'>;

export async function signerOf(config: SignerConfig): Promise<ChainSigner | null> {
  const { signerUrl, signerToken } = config.chain;
  if (signerUrl && signerToken) return new RpcSigner(signerUrl, signerToken);
  return fileSignerOf(config);
}

/** The in-process signer of the key file or the development key; what the signer service holds. */
export async function fileSignerOf(config: SignerConfig): Promise<FileSigner | null> {
  const { xpub, isDevelopmentDefault } = config.walletXpubs.ethereum;
  if (config.chain.signerKeyFile) return FileSigner.open(config.chain.signerKeyFile, xpub);
  if (isDevelopmentDefault) return FileSigner.open(await developmentKeyFile(config.dataDir), xpub);
  return null;
}

/** Whether the settings name a signer, told without opening it (no key file is read). */
export function signerConfigured(config: SignerConfig): boolean {
  const { signerUrl, signerToken, signerKeyFile } = config.chain;
  return Boolean(
    (signerUrl && signerToken) || signerKeyFile || config.walletXpubs.ethereum.isDevelopmentDefault,
  );
}
