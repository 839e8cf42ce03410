// The embedded default's signing key: the account key m/44'/60'/0' of BIP39's published test
// mnemonic ("abandon … about"), whose public half is the development default WALLET_XPUB_ETH.
// PUBLIC TEST KEY: anyone can compute it, so anything it holds can be taken by anyone. It is only
// ever used when the development public key is in use too, and is written to the data directory
// with owner-only permissions so that the embedded default reads its key as a production file
// signer would.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const developmentAccountXprv =
  'xprv9zDSoJv1aBcjX6sNgEpE2J9K6MV2MUnXuqXsFgzVn3zY2aHyupaFQdYCtdCbNMkvcTdx9FeN49sgXw6mjrhrFLRSzJVnRYPfSCCgjeg4GxY';

/** Writes the development key file (once) and answers its path. */
export async function developmentKeyFile(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'signer');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'development-eth.xprv');
  // `wx`: an existing file is kept as it is; its permissions are checked when it is read.
  await writeFile(file, `${developmentAccountXprv}\n`, { flag: 'wx', mode: 0o600 }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  await chmod(dir, 0o700);
  return file;
}
