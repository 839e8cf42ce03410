// Operator calls of the pre-sales: `subscription add` sets up a project (its token becomes a
// ledger asset the day its tokens are distributed), `subscription list` shows them with their
// totals, stage and how far a distribution in progress has come. Every project added is logged as an operator action.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import { distributedUsers, listProjects } from './subscription-store.ts';
import { projectView } from './subscription-views.ts';

const positive = (name: string) =>
  z
    .string()
    .refine((value) => (parseAmount(value) ?? 0n) > 0n, `${name} must be a positive amount`);
const time = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not an ISO time');

export function subscriptionOps(db: Db, now: () => number): OpsCall[] {
  const add = opsCall({
    path: '/ops/subscription-add',
    input: z.object({
      name: z.string().trim().min(1).max(80),
      asset: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{2,12}$/, 'an asset like TKN'),
      price: positive('price'),
      supply: positive('supply'),
      cap: positive('cap'),
      start: time,
      end: time,
      distribute: time,
    }),
    commands: [
      {
        words: 'subscription add',
        options: ['name', 'asset', 'price', 'supply', 'cap', 'start', 'end', 'distribute'],
        help: 'set up a pre-sale: price in USDT a token, cap in USDT a user, and its three times',
      },
    ],
    run: async (input, { log, fail }) => {
      const start = Date.parse(input.start);
      const end = Date.parse(input.end);
      const distribute = Date.parse(input.distribute);
      if (!(start < end && end <= distribute)) {
        return fail('the times must run start < end <= distribute');
      }
      const existing = await db
        .selectFrom('subscription_projects')
        .select('id')
        .where('asset', '=', input.asset)
        .executeTakeFirst();
      if (existing) return fail(`a project already sells ${input.asset}`);
      const row = await db
        .insertInto('subscription_projects')
        .values({
          name: input.name,
          asset: input.asset,
          price: input.price,
          supply: input.supply,
          cap: input.cap,
          start_at: new Date(start),
          end_at: new Date(end),
          distribute_at: new Date(distribute),
          created_at: new Date(now()),
          salt: randomBytes(32).toString('hex'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await log('subscription.add', `project:${row.id}`, { ...input });
      return { id: row.id };
    },
  });
  const list = opsCall({
    path: '/ops/subscription-list',
    input: z.object({}),
    commands: [
      {
        words: 'subscription list',
        help: 'the pre-sales with their totals, stage and how many users the distribution credited',
      },
    ],
    run: async () => {
      const { list: projects } = await listProjects(db, 1, 100);
      return Promise.all(
        projects.map(async (project) => ({
          ...projectView(project, now()),
          distributed: `${await distributedUsers(db, project)} of ${project.participants}`,
        })),
      );
    },
  });
  return [add, list];
}
