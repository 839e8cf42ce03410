// Accounts: registration, login and password reset, the security center, and the operator's list
// of users.
import { defineModule } from '../module.ts';
import { loginRoutes } from './login-routes.ts';
import { registerRoutes } from './register-routes.ts';
import { securityRoutes } from './security-routes.ts';
import { usersOps } from './users-ops.ts';

export const accountsModule = defineModule({
  name: 'accounts',
  create(context) {
    registerRoutes(context.router, context);
    loginRoutes(context.router, context);
    securityRoutes(context.router, context);
    return { ops: usersOps(context.db) };
  },
});
