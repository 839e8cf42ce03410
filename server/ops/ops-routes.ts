// The operator API the ops CLI talks to: loopback only, authenticated with the token in
// DATA_DIR, JSON in and out. It serves the operator calls the modules declare, lists their CLI
// commands for the CLI, and logs every action in `operator_actions`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { type ListedCommand, type OpsCall, type OpsKit, opsCall } from './ops-call.ts';
import { sameToken } from './ops-token.ts';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

class OpsError extends Error {}

export function opsRoutes(
  app: FastifyInstance,
  db: Db,
  token: string,
  calls: readonly OpsCall[],
): void {
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers['x-ops-token'];
    // The socket's own address: a proxy's forwarded header must not open the operator API.
    const remote = request.socket.remoteAddress ?? '';
    if (!loopback.has(remote) || typeof given !== 'string' || !sameToken(given, token)) {
      return reply.code(403).send({ ok: false, error: 'forbidden' });
    }
  };

  const kit: OpsKit = {
    log: (action, subject, detail) =>
      db
        .insertInto('operator_actions')
        .values({ action, subject, detail: JSON.stringify(detail) })
        .execute(),
    async userByAccount(account) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'account'])
        .where((eb) =>
          eb.or([eb('account', '=', account.toLowerCase()), eb('id', '=', Number(account) || -1)]),
        )
        .executeTakeFirst();
      if (!user) throw new OpsError(`no user ${account}`);
      return user;
    },
    fail(message) {
      throw new OpsError(message);
    },
  };

  const route = (path: string, accept: OpsCall['accept']) =>
    app.post(path, { preHandler: guard }, async (request, reply) => {
      const accepted = accept(request.body ?? {});
      if ('problem' in accepted) {
        return reply.code(400).send({ ok: false, error: z.prettifyError(accepted.problem) });
      }
      try {
        return { ok: true, data: await accepted.run(kit) };
      } catch (error) {
        if (error instanceof OpsError || error instanceof BusinessError) {
          return reply.code(409).send({ ok: false, error: error.message });
        }
        throw error;
      }
    });

  const listed: ListedCommand[] = calls.flatMap((call) =>
    call.commands.map((command) => ({ ...command, path: call.path })),
  );
  route(
    '/ops/commands',
    opsCall({ path: '', input: z.object({}), run: async () => listed, commands: [] }).accept,
  );
  for (const call of calls) route(call.path, call.accept);
}
