// Which signer the configuration names: the key file (CHAIN_SIGNER_KEY_FILE); else, with the
// development public key in use, the development key written to the data directory; else none,
// and the platform watches deposits but signs nothing (no sweep, no withdrawal on chain).
import type { Config } from '../../config.ts';
import { developmentKeyFile } from './development-key.ts';
import { FileSigner } from './file-signer.ts';
import type { ChainSigner } from './signer.ts';

export async function signerOf(
  config: Pick<Config, 'chain' | 'walletXpubs' | 'dataDir'>,
): Promise<ChainSigner | null> {
  const { xpub, isDevelopmentDefault } = config.walletXpubs.ethereum;
  if (config.chain.signerKeyFile) return FileSigner.open(config.chain.signerKeyFile, xpub);
  if (isDevelopmentDefault) return FileSigner.open(await developmentKeyFile(config.dataDir), xpub);
  return null;
}
