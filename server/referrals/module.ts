// The invite programme: a user's code, link and three-level log. (Commissions are paid by the
// products whose fees they share, in the fee's own transaction.)
import { defineModule } from '../module.ts';
import { inviteRoutes } from './invite-routes.ts';

export const referralsModule = defineModule({
  name: 'referrals',
  create(context) {
    inviteRoutes(context.router, context);
    return {};
  },
});
