// A small balance's sale (docs/spot.md § "Small balances") handed to the node that holds its
// market. Once the spot markets are spread over the nodes, one conversion may sell on markets whose
// writers run elsewhere: the sale travels over the bus to the holder of the market's lease, runs
// there on its writer under the key the caller derived (so a retry after a lost answer never sells
// twice), and its order comes back. A refusal of the writer's reaches the asker as the same
// BusinessError through the bus's own refusal channel (server/bus/replies.ts), exactly as if the
// writer ran here. Any other failure is logged where it happened and crosses the wire without its
// details; the asker answers it, like a missing holder or a late answer, with `engine_unavailable`.
import { z } from 'zod';
import { type SpotOrder, spotOrderSchema } from '../../schemas/api/spot.schema.ts';
import { type Bus, BusFailure } from '../bus/bus.ts';
import { ask, type BusLog, serveParsed } from '../bus/bus-messages.ts';
import { BusinessError } from '../http/business-error.ts';
import type { IdempotencyKey } from './market-writer.ts';

export interface DustSale {
  symbol: string;
  userId: number;
  /** Whole lots of the market's quantity, in units. */
  quantity: number;
  key: IdempotencyKey;
}

/** Long enough for a batch on a loaded database, as a handed-over call (server/cluster/engine-calls.ts). */
const saleTimeoutMs = 15_000;

const dustSale = z
  .object({
    symbol: z.string().min(1).max(64),
    userId: z.number().int().positive(),
    quantity: z.number().int().positive(),
    key: z.object({
      userId: z.number().int().positive(),
      // The call's key (server/http/idempotency.ts, at most 100) with the asset after it.
      key: z.string().min(1).max(200),
      path: z.string().startsWith('/').max(200),
      request: z.unknown(),
    }),
  })
  // A sale is stored under its seller's key: one for somebody else's key is nobody's sale.
  .refine((sale) => sale.key.userId === sale.userId, {
    message: 'the key is not the seller’s',
    path: ['key', 'userId'],
  }) satisfies z.ZodType<DustSale>;

const dustSold = z.object({ order: spotOrderSchema });
type DustSold = z.infer<typeof dustSold>;

/** The subject on which the holder of spot lease `lease` sells dust. */
export function dustSaleSubject(lease: string): string {
  return `spot.dust.${lease}`;
}

/**
 * On the node holding `lease`: sells each dust sale heard on its writer; answers the function that
 * stops. `sell` throws BusinessError for a refusal.
 */
export function serveDustSales(
  bus: Bus,
  lease: string,
  sell: (sale: DustSale) => Promise<SpotOrder>,
  log: BusLog,
): () => void {
  const subject = dustSaleSubject(lease);
  return serveParsed(bus, subject, dustSale, log, async (sale): Promise<DustSold> => {
    try {
      return { order: await sell(sale) };
    } catch (error) {
      if (error instanceof BusinessError) throw error;
      // The server's own failure: told here, where it can be read, and not to the asker.
      log.warn({ err: error, subject, symbol: sale.symbol }, 'dust sale failed');
      throw new BusFailure('dust sale failed');
    }
  });
}

/**
 * Asks the holder of `lease` to sell; resolves to the order, or rejects with the same BusinessError
 * (same code, same params) the holder refused with; a bus failure or timeout rejects with
 * BusinessError('engine_unavailable'): the sale may have run, and a retry with the same key is safe.
 */
export async function askDustSale(bus: Bus, lease: string, sale: DustSale): Promise<SpotOrder> {
  try {
    const { order } = await ask(bus, dustSaleSubject(lease), sale, dustSold, saleTimeoutMs);
    return order;
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    throw new BusinessError('engine_unavailable');
  }
}
