// An early withdrawal of a fixed-term order on the client: Withdraw shows the exact amount it
// returns (core/ai/schedule.ts `earlyWithdrawal`) to be confirmed; confirmed, it is sent with one
// idempotency key per intent; then withdrawn, refused in the user's language, or unanswered (sent
// again with the same key). The form of a purchase, with no amount typed and a confirmation.
import { purchaseMachine } from '../machines/purchase.machine.ts';

export const aiWithdrawalMachine = purchaseMachine<never>('aiWithdrawal', { confirms: true });
