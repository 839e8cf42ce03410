// The liquidity provider's account: a user of its own (role `liquidity_provider`, no password that
// could log in) whose money is in the ledger like anyone's. Its starting inventory is lent from the
// operator's treasury, once per asset, as an ordinary balanced posting.
import { sql } from 'kysely';
import { newInviteCode, newUserId } from '../../accounts/secrets.ts';
import type { Db } from '../../db/database.ts';
import type { Wallet } from '../../db/tables.ts';
import { transact } from '../../db/transact.ts';
import { post } from '../../ledger/post.ts';
import type { BookMarket } from '../book-market.ts';
import { seedReference } from '../ledger-kinds.ts';
import { profileOf, sideQuote } from './depth-profile.ts';
import type { ProviderSeed, ProviderSettings } from './liquidity-provider.ts';

export const providerAccount = 'liquidity-provider@meridian.invalid';

/**
 * Not an argon2 hash: no password verifies against it, so the account cannot be logged in to.
 * It trades only through the provider inside the server.
 */
const noPassword = '!no-login';

/** The provider's user id, creating the account on first use. */
export async function ensureProviderAccount(db: Db): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await db
      .selectFrom('users')
      .select('id')
      .where('account', '=', providerAccount)
      .executeTakeFirst();
    if (found) return found.id;
    await db
      .insertInto('users')
      .values({
        id: newUserId(),
        account: providerAccount,
        email: providerAccount,
        phone: null,
        password_hash: noPassword,
        trade_password_hash: null,
        invite_code: newInviteCode(),
        inviter_id: null,
        avatar: '',
        role: 'liquidity_provider',
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  throw new Error('the liquidity provider account could not be created');
}

/**
 * Lends `amount` atoms of `asset` from the treasury to the provider's `wallet` unless it was lent
 * before (the posting's reference is unique per wallet and asset). Answers whether it lent now.
 */
export async function seedProvider(
  db: Db,
  providerId: number,
  asset: string,
  amount: bigint,
  wallet: Wallet = 'funding',
): Promise<boolean> {
  if (amount <= 0n) return false;
  const reference = seedReference.build({ wallet, asset });
  return transact(db, async (trx) => {
    const { rows } = await sql<{ found: number }>`
      select 1 as found from ledger_postings where reference = ${reference}`.execute(trx);
    if (rows.length > 0) return false;
    await post(trx, {
      kind: 'liquidity.seed',
      reference,
      legs: [
        { account: { system: 'treasury', asset }, bucket: 'available', amount: -amount },
        { account: { user: providerId, wallet, asset }, bucket: 'available', amount },
      ],
    });
    return true;
  });
}

/**
 * A first inventory in the funding wallet, for markets that trade one asset for another:
 * `seedQuote` whole units of the quote asset once, and in each base asset a share of that worth
 * at the index when the market is first quoted, in proportion to what one side of the market's
 * ladder holds (depth-profile.ts): the deeper book gets the bigger share, so every market can
 * quote its whole ask side while the quote asset covers every bid side.
 */
export function inventorySeed(
  db: Db,
  providerId: number,
  markets: readonly BookMarket[],
  settings: Pick<ProviderSettings, 'seedQuote'> & Parameters<typeof profileOf>[0],
): ProviderSeed {
  const { seedQuote } = settings;
  const sides = new Map(
    markets.map((market) => [market.symbol, sideQuote(profileOf(settings, market.spec))]),
  );
  const allSides = [...sides.values()].reduce((sum, side) => sum + side, 0n);
  const seeded = new Set<string>();
  const once = async (asset: string, amount: bigint) => {
    if (seeded.has(asset)) return;
    await seedProvider(db, providerId, asset, amount);
    seeded.add(asset);
  };
  return async (symbol, price) => {
    const market = markets.find((candidate) => candidate.symbol === symbol);
    if (seedQuote === 0n || !market) return;
    const { base, quote, priceScale, quantityScale } = market;
    const seedAtoms = seedQuote * 10n ** 8n;
    await once(quote, seedAtoms);
    // The market's share of the quote seed's worth: atoms of quote / price = atoms of base.
    const share = allSides > 0n ? (seedAtoms * (sides.get(symbol) ?? 0n)) / allSides : 0n;
    const baseAmount = (share * 10n ** BigInt(priceScale)) / BigInt(price);
    const lot = 10n ** BigInt(8 - quantityScale);
    await once(base, (baseAmount / lot) * lot);
  };
}
