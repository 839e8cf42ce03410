// The NATS server of a test run, when one answers (it does on CI): its URL, or undefined.
import { connect } from 'nats';

export const testNatsUrl = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export async function natsAnswers(): Promise<string | undefined> {
  try {
    const probe = await connect({ servers: testNatsUrl, timeout: 3000, reconnect: false });
    await probe.close();
    return testNatsUrl;
  } catch {
    return undefined;
  }
}

/** A subject prefix of its own, so test runs sharing one NATS server never hear each other. */
export const uniquePrefix = () => `t${Math.random().toString(36).slice(2, 10)}`;
