// `/wallet/withdraw`: a withdrawal confirmed as large exchanges confirm one (docs/security.md).
// Checks run cheapest and least secret first, so no code is spent on a request that cannot pass:
// the request itself (verification, asset, chain, address, minimum), the account's withdrawal hold,
// the address (whitelist, address hold), then the secrets (server/security/withdrawal-
// confirmation.ts). The code and the factor are used up in the one transaction that writes the
// withdrawal, freezes its funds and keeps the answer for the Idempotency-Key.
import { displayAmount, parseAmount } from '../../core/money.ts';
import { withdraw } from '../../schemas/api/wallet.schema.ts';
import { getUser } from '../accounts/users.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotencyKeyOf, idempotent, keptAnswer } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import { assertMayWithdraw } from '../identity/withdrawal-gate.ts';
import { notify } from '../security/notices.ts';
import { assertNoWithdrawHold } from '../security/withdraw-hold.ts';
import { confirmWithdrawal } from '../security/withdrawal-confirmation.ts';
import { keyTurns } from './key-turns.ts';
import { chainOf, checkedAddress } from './wallet-checks.ts';
import { publishWithdrawal } from './wallet-frames.ts';
import { withdrawalView } from './wallet-views.ts';
import { assertAddressUsable } from './withdraw-address.ts';
import { requestWithdrawal } from './withdrawals.ts';

type WithdrawalAnswer = ReturnType<typeof withdrawalView>;

export function withdrawRoute(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const inTurn = keyTurns();

  router.add(withdraw, async (input, context) => {
    const { session } = context;
    const key = idempotencyKeyOf(context.request);
    // A retry is known by what it asks, never by its secrets: those are not kept, even hashed.
    const { trade_password, email_code, totp_code, passkey, ...asked } = input;
    const call = { db, userId: session.userId, key, path: withdraw.path, request: asked };

    return inTurn(`${session.userId}:${key}`, async () => {
      // A retry of a withdrawal that went through gets its answer before any check: its code was
      // used up by the first run, and checking it again would refuse what was done.
      const kept = await keptAnswer<WithdrawalAnswer>(call);
      if (kept) return kept.response;

      await assertMayWithdraw(db, config.kycRequiredForWithdrawal, session.userId);
      const chain = chainOf(config.walletAssets, input.asset, input.chain, 'withdraw');
      const address = checkedAddress(chain.chain, input.address);
      const amount = parseAmount(input.amount) ?? 0n;
      if (amount < (parseAmount(chain.minWithdraw) ?? 0n)) {
        throw new BusinessError('amount_below_minimum', { amount: chain.minWithdraw });
      }
      const user = await getUser(db, session.userId);
      assertNoWithdrawHold(user, clock.now());
      const target = { asset: input.asset, chain: chain.chain, address };
      await assertAddressUsable(deps, user, target);
      const secrets = { trade_password, email_code, totp_code, passkey };
      const confirmation = await confirmWithdrawal(deps, context, user, secrets);

      let made: WithdrawalAnswer | undefined;
      const answer = await idempotent(call, async (trx) => {
        await confirmation.use(trx);
        const row = await requestWithdrawal(trx, {
          userId: session.userId,
          ...target,
          amount,
          fee: parseAmount(chain.withdrawFee) ?? 0n,
          secondFactor: confirmation.secondFactor,
        });
        made = withdrawalView(row, deps.config.chain.explorerTxUrl);
        return made;
      });
      // Told once, after commit; a copy that found the answer kept made nothing to tell.
      if (answer === made) {
        await publishWithdrawal(db, answer.id);
        await notify(deps, user.id, {
          kind: 'withdrawal_requested',
          asset: target.asset,
          amount: displayAmount(amount),
          address,
        });
      }
      return answer;
    });
  });
}
