// The bus the settings name: NATS when `NATS_URL` is set, else the in-process bus.
import type { Config } from '../config.ts';
import type { Bus } from './bus.ts';
import { LocalBus } from './local-bus.ts';

export class BusUnreachable extends Error {}

export async function openBus(
  config: Pick<Config, 'natsUrl' | 'nodeId'>,
  log: { warn(details: object, message: string): void },
): Promise<Bus> {
  if (!config.natsUrl) return new LocalBus();
  // Loaded only when asked for: a single node never loads the NATS client.
  const { NatsBus } = await import('./nats-bus.ts');
  try {
    return await NatsBus.connect({ url: config.natsUrl, name: config.nodeId, log });
  } catch (error) {
    throw new BusUnreachable(
      `NATS_URL: no NATS server answers at ${config.natsUrl} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
