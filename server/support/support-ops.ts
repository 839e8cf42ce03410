// Operator calls for the support conversation (the CLI's `support` commands): the queue, one
// user's thread, and an answer that reaches the user's open app at once.
import { z } from 'zod';
import { supportMessageMax } from '../../schemas/api/support.schema.ts';
import type { Db } from '../db/database.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import type { SupportBus } from './support-bus.ts';
import { addMessage, conversations, messagesOf } from './support-store.ts';

const account = z.string().min(1);

export function supportOps(db: Db, bus: SupportBus): OpsCall[] {
  return [
    opsCall({
      path: '/ops/support/list',
      input: z.object({}),
      commands: [{ words: 'support list', help: 'conversations, newest first' }],
      run: () => conversations(db),
    }),
    opsCall({
      path: '/ops/support/show',
      input: z.object({ account }),
      commands: [{ words: 'support show', args: ['account'], help: "one user's conversation" }],
      run: async (input, kit) => {
        const user = await kit.userByAccount(input.account);
        const { list } = await messagesOf(db, user.id, 1, 100);
        return { account: user.account, messages: list.reverse() };
      },
    }),
    opsCall({
      path: '/ops/support/reply',
      input: z.object({ account, text: z.string().trim().min(1).max(supportMessageMax) }),
      commands: [
        {
          words: 'support reply',
          args: ['account', '...text'],
          help: 'answer a user (it reaches their open app at once)',
        },
      ],
      run: async (input, kit) => {
        const user = await kit.userByAccount(input.account);
        const message = await addMessage(db, user.id, true, input.text);
        await kit.log('support.reply', user.account, { id: message.id });
        bus.publish(user.id, [message]);
        return { account: user.account, message };
      },
    }),
  ];
}
