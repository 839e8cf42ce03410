// Users' `kyc` frames: the operator's decision on an identity verification (server/identity/
// kyc-ops.ts) is sent to its owner once it has committed, as the verification page reads it
// (masked), so an open page, and whatever shows the user's verification state, follows it without
// a reload (docs/identity.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { PrivateStream } from '../gateway/streams.ts';
import { verificationInfo } from './verification.ts';

type Publish = (userId: number) => Promise<void>;

/**
 * The publishers listening, by the database they read, known by its query executor (as
 * server/wallet/deposit-frames.ts does): two apps in one process never hear each other's reviews.
 */
const publishers = new WeakMap<object, Set<Publish>>();

/** Sends the user their verification as it now stands. Never throws: the decision stands. */
export async function publishVerification(db: Db, userId: number): Promise<void> {
  for (const publish of publishers.get(db.getExecutor()) ?? []) await publish(userId);
}

export function verificationFrames({ db, log }: { db: Db; log: FastifyBaseLogger }): PrivateStream {
  return {
    start(send) {
      const publish: Publish = async (userId) => {
        try {
          send(userId, 'kyc', await verificationInfo(db, userId), Date.now());
        } catch (error) {
          log.warn({ err: error, user: userId }, 'a verification frame was not sent');
        }
      };
      const executor = db.getExecutor();
      const mine = publishers.get(executor) ?? new Set<Publish>();
      mine.add(publish);
      publishers.set(executor, mine);
      return () => {
        mine.delete(publish);
      };
    },
  };
}
