// Reconciles what the exchange holds on the Ethereum network with what its ledger owes, per asset
// (docs/wallet.md § "Reconciliation"): holdings read at one block, liabilities and every known
// difference read from the ledger, and the remainder nobody can explain. `ok` means nothing is
// unexplained; `covered` per asset, that the holdings reach the liabilities.
import { formatUnits } from 'viem';
import { readCursor } from './chain-cursor.ts';
import { evmChainNames } from './evm/evm-chains.ts';
import { evmCursor } from './evm/evm-watcher.ts';
import {
  type EvmAsset,
  type EvmHoldings,
  evmAssets,
  type HoldingsSource,
  readEvmHoldings,
} from './holdings.ts';
import { type ReconcileLine, type ReconcileResult, reconcile } from './reconcile-formula.ts';
import { type LedgerSide, readLedgerSide } from './reconcile-ledger.ts';

/** The asset's chain on the Ethereum network, as deposits and withdrawals name it. */
const chainOf: Record<EvmAsset, string> = { ETH: 'ETH', USDT: 'ERC20' };
/** Wei below the ledger's 10⁻⁸ ETH: what one deposit can carry that the ledger never sees. */
const dustPerEthDeposit = 10n ** 10n - 1n;

/** The decimals every amount of the asset is compared in: the finer of the chain's and 8. */
const unitDecimals = (asset: EvmAsset) => Math.max(evmAssets[asset], 8);
const fromAtoms = (asset: EvmAsset, atoms: bigint) =>
  atoms * 10n ** BigInt(unitDecimals(asset) - 8);
const fromChain = (asset: EvmAsset, value: bigint) =>
  value * 10n ** BigInt(unitDecimals(asset) - evmAssets[asset]);

/** The known differences, each signed as it moves holdings − liabilities. */
export function knownLines(asset: EvmAsset, side: LedgerSide): ReconcileLine[] {
  const atoms = (value: bigint) => fromAtoms(asset, value);
  const lines: ReconcileLine[] = [
    {
      name: 'withdrawal_fees',
      amount: atoms(side.fees),
      what: "withdrawal fees earned (the fees account): the exchange's own money",
    },
    {
      name: 'platform_accounts',
      amount: atoms(side.platform),
      what: 'accounts of products and the liquidity provider, with no on-chain counterpart',
    },
    {
      name: 'simulated_and_other_chains',
      amount: atoms(side.sentOther - side.creditedOther),
      what: 'deposits credited less withdrawals sent through the simulated chain and other chains',
    },
    {
      name: 'deposits_confirming',
      amount: atoms(side.confirmingReal),
      what: 'deposits on chain still waiting for their confirmations, not yet owed',
    },
    {
      name: 'withdrawals_sent_not_mined',
      amount: atoms(side.sentNotMined),
      what: 'withdrawals the ledger counts as sent whose transaction is not mined yet',
    },
    {
      name: 'withdrawals_mined_in_flight',
      amount: -atoms(side.minedInFlight),
      what: 'withdrawals mined on chain, still in flight in the ledger until confirmed',
    },
  ];
  if (asset === 'ETH') {
    lines.push({
      name: 'network_fees',
      amount: -side.networkFeesWei,
      what: "gas paid by the exchange's sends: withdrawals, sweeps and their gas",
    });
  }
  return lines;
}

export interface AssetReconciliation extends ReconcileResult {
  asset: EvmAsset;
  hot: bigint;
  depositAddresses: bigint;
  dustBound: bigint;
}

export interface Reconciliation {
  ok: boolean;
  holdings: EvmHoldings;
  assets: AssetReconciliation[];
}

/**
 * The block to read at: the watcher's, not the head. Every deposit of a block the watcher has read
 * is recorded, while one in a newer block would look like money from nowhere until it is read. The
 * watcher records a batch's deposits before it moves its cursor past them, so the newest block a
 * recorded deposit is in counts as read too, and so does the newest block a send was mined in.
 */
async function readBlock(source: HoldingsSource): Promise<bigint> {
  const head = await source.client.getBlockNumber({ cacheTime: 0 });
  const cursor = await readCursor(source.db, evmCursor);
  const newest = await source.db
    .selectFrom('deposits')
    .select((eb) => eb.fn.max('block_number').as('block'))
    .where('chain', 'in', evmChainNames)
    .executeTakeFirst();
  // A send the sender saw mined is in the ledger (its fee paid, a withdrawal sent) at once, even
  // when the watcher's cursor has not reached its block yet.
  const newestSend = await source.db
    .selectFrom('chain_sends')
    .select((eb) => eb.fn.max('block_number').as('block'))
    .executeTakeFirst();
  let read = cursor?.number ?? head;
  for (const seen of [newest?.block, newestSend?.block]) {
    if (seen !== null && seen !== undefined && BigInt(seen) > read) read = BigInt(seen);
  }
  if (read > head) read = head;
  return read;
}

export async function reconcileEvm(source: HoldingsSource): Promise<Reconciliation> {
  const block = await readBlock(source);
  const assets: EvmAsset[] = source.usdtAddress ? ['ETH', 'USDT'] : ['ETH'];
  const sides = await Promise.all(
    assets.map((asset) => readLedgerSide(source.db, asset, chainOf[asset], block)),
  );
  const holdings = await readEvmHoldings(source, block);
  const results = assets.map((asset, i): AssetReconciliation => {
    const side = sides[i];
    if (!side) throw new Error(`no ledger side read for ${asset}`);
    const onChain = (kind: 'hot' | 'deposit') =>
      holdings.addresses
        .filter((entry) => entry.kind === kind)
        .reduce((sum, entry) => sum + (entry.balances[asset] ?? 0n), 0n);
    const dustBound = asset === 'ETH' ? BigInt(side.realDeposits) * dustPerEthDeposit : 0n;
    return {
      asset,
      hot: fromChain(asset, onChain('hot')),
      depositAddresses: fromChain(asset, onChain('deposit')),
      dustBound,
      ...reconcile({
        holdings: fromChain(asset, holdings.totals[asset] ?? 0n),
        users: fromAtoms(asset, side.users),
        inFlight: fromAtoms(asset, side.inFlight),
        lines: knownLines(asset, side),
        dustBound,
      }),
    };
  });
  return {
    ok: results.every((result) => result.unexplained === 0n),
    holdings,
    assets: results,
  };
}

/** The report as the operator reads it: amounts as decimal strings of the asset's unit. */
export function reconciliationJson(reconciliation: Reconciliation) {
  const { holdings } = reconciliation;
  return {
    ok: reconciliation.ok,
    network: 'ethereum',
    chain_id: holdings.chainId,
    block_number: holdings.blockNumber.toString(),
    addresses_read: holdings.addresses.length,
    assets: reconciliation.assets.map((result) => {
      const amount = (value: bigint) => formatUnits(value, unitDecimals(result.asset));
      return {
        asset: result.asset,
        holdings: {
          total: amount(result.holdings),
          hot_wallet: amount(result.hot),
          deposit_addresses: amount(result.depositAddresses),
        },
        liabilities: {
          users: amount(result.liabilities.users),
          withdrawals_in_flight: amount(result.liabilities.inFlight),
          total: amount(result.liabilities.total),
        },
        difference: amount(result.difference),
        covered: result.covered,
        known: result.lines.map((line) => ({ ...line, amount: amount(line.amount) })),
        dust: amount(result.dust),
        dust_bound: amount(result.dustBound),
        unexplained: amount(result.unexplained),
      };
    }),
  };
}
