// Passkeys over HTTP with a software authenticator: register, list, sign in, remove; the options
// a withdrawal is confirmed from; and every forged or replayed answer refused without a change.
// On the embedded database and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../schemas/envelope.schema.ts';
import { type ErrorName, errorCodes } from '../../schemas/errors.ts';
import { loadConfig } from '../../server/config.ts';
import type { AppDeps } from '../../server/deps.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { verifyPasskeyAssertion } from '../../server/security/passkey-assertion.ts';
import { lastCodeFor, type RegisteredUser, registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectError, expectOk, wrongCode } from '../support/expectations.ts';
import { ManualClock } from '../support/manual-clock.ts';
import {
  type CreationOptions,
  type RequestOptions,
  SoftAuthenticator,
  type Tamper,
} from '../support/soft-authenticator.ts';

const day = 86_400_000;

interface Challenge<O> {
  challenge_id: string;
  options: O;
}

interface PasskeyView {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  backed_up: boolean;
}

/** Posts a JSON body, nested as the app's passkey calls are, with the client's address. */
async function postJson<T>(
  from: ApiClient,
  path: string,
  body: unknown,
  token?: string,
): Promise<Answer<T>> {
  const response = await fetch(`${from.baseUrl}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from.address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

const count = (answers: Answer[], name: ErrorName | 'ok') =>
  answers.filter((answer) => answer.body.code === (name === 'ok' ? 200 : errorCodes[name])).length;

describe.each(await eachDatabase())('passkeys on %s', (...database) => {
  const clock = new ManualClock();
  const { skip, server } = serverOn(database, clock);
  const client = () => new ApiClient(server().url);

  const registerOptions = (from: ApiClient, user: RegisteredUser) =>
    postJson<Challenge<CreationOptions & Record<string, unknown>>>(
      from,
      '/security/passkey/options',
      {},
      user.token,
    );
  const list = async (from: ApiClient, user: RegisteredUser) => {
    const answer = await from.get<PasskeyView[]>('/security/passkeys', {}, { token: user.token });
    expectOk(answer);
    return answer.body.data;
  };
  const loginOptions = (from: ApiClient) =>
    postJson<Challenge<RequestOptions & Record<string, unknown>>>(
      from,
      '/login/passkeyOptions',
      {},
    );
  const withdrawOptions = (from: ApiClient, user: RegisteredUser) =>
    postJson<Challenge<RequestOptions>>(from, '/security/passkey/withdrawOptions', {}, user.token);

  /** Registers a passkey of `authenticator` for the user; answers what the call answered. */
  async function addPasskey(
    from: ApiClient,
    user: RegisteredUser,
    authenticator: SoftAuthenticator,
    name = 'Laptop',
    tamper: Tamper = {},
  ) {
    const asked = await registerOptions(from, user);
    expectOk(asked);
    const { challenge_id, options } = asked.body.data;
    const response = authenticator.register(options, tamper);
    return postJson<PasskeyView>(
      from,
      '/security/passkey/register',
      { challenge_id, response, name },
      user.token,
    );
  }

  /** Signs in with the authenticator's passkey. */
  async function signIn(from: ApiClient, authenticator: SoftAuthenticator, tamper: Tamper = {}) {
    const asked = await loginOptions(from);
    expectOk(asked);
    const { challenge_id, options } = asked.body.data;
    return postJson<{ token: string; user_id: number }>(from, '/login/passkey', {
      challenge_id,
      response: authenticator.assert(options, tamper),
    });
  }

  const holdOf = (userId: number) =>
    server()
      .db.selectFrom('users')
      .select(['withdraw_hold_until', 'withdraw_hold_reason'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  const storedPasskeys = (userId: number) =>
    server().db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).execute();

  async function emailCode(from: ApiClient, user: RegisteredUser): Promise<string> {
    expectOk(await from.post('/security/sendCode', { type: 'email' }, { token: user.token }));
    return lastCodeFor(server().dataDir, user.account);
  }

  /** What the server's routes are given, for calling the withdrawal's check as the wallet does. */
  const routeDeps = (): AppDeps =>
    ({
      db: server().db,
      clock,
      config: loadConfig({ DATA_DIR: server().dataDir }),
    }) as Partial<AppDeps> as AppDeps;

  describe.skipIf(skip)('the life of a passkey', () => {
    it('registers one, lists it, signs in with it, and removes it with the email code', async () => {
      const home = client();
      const user = await registerUser(home, server().dataDir);
      const authenticator = new SoftAuthenticator({ backedUp: true });

      const asked = await registerOptions(home, user);
      expectOk(asked);
      const { options } = asked.body.data;
      expect(options).toMatchObject({
        rp: { id: 'localhost', name: 'Meridian' },
        user: { name: user.account },
        attestation: 'none',
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });

      const added = await addPasskey(home, user, authenticator, 'My phone');
      expectOk(added);
      expect(added.body.data).toMatchObject({
        name: 'My phone',
        last_used_at: null,
        backed_up: true,
      });
      const held = await holdOf(user.userId);
      expect(held.withdraw_hold_reason).toBe('passkey');
      expect(held.withdraw_hold_until?.getTime()).toBe(clock.now().getTime() + day);
      expect(await list(home, user)).toEqual([added.body.data]);

      // The next options leave out the authenticator that already holds one.
      const again = await registerOptions(home, user);
      expect(again.body.data.options.excludeCredentials).toEqual([
        { id: authenticator.credentials[0]?.id, transports: ['internal'], type: 'public-key' },
      ]);

      // Sign-in names no account: the passkey does.
      const loginAsked = await loginOptions(client());
      expectOk(loginAsked);
      expect(loginAsked.body.data.options.allowCredentials ?? []).toEqual([]);
      clock.advance(60_000);
      const signedIn = await signIn(client(), authenticator);
      expectOk(signedIn);
      expect(signedIn.body.data.user_id).toBe(user.userId);
      expectOk(await home.get('/security/index', {}, { token: signedIn.body.data.token }));
      const [used] = await list(home, user);
      expect(used?.last_used_at).toBe(clock.now().toISOString());
      expect(Number((await storedPasskeys(user.userId))[0]?.counter)).toBe(1);
      const events = await server()
        .db.selectFrom('login_events')
        .select(['method', 'outcome'])
        .where('user_id', '=', user.userId)
        .execute();
      expect(events).toContainEqual({ method: 'passkey', outcome: 'ok' });

      // Removing takes the email code; a wrong one removes nothing.
      const id = String(added.body.data.id);
      clock.advance(day);
      const code = await emailCode(home, user);
      expectError(
        await home.post(
          '/security/passkey/remove',
          { id, email_code: wrongCode(code) },
          { token: user.token },
        ),
        'code_invalid',
      );
      expect(await list(home, user)).toHaveLength(1);
      expectOk(
        await home.post(
          '/security/passkey/remove',
          { id, email_code: code },
          { token: user.token },
        ),
      );
      expect(await list(home, user)).toEqual([]);
      expect((await holdOf(user.userId)).withdraw_hold_until?.getTime()).toBe(
        clock.now().getTime() + day,
      );
      expectError(await signIn(client(), authenticator), 'passkey_invalid');
    });

    it('answers the withdrawal options with the user’s own passkeys, and none without one', async () => {
      const home = client();
      const user = await registerUser(home, server().dataDir);
      expectError(await withdrawOptions(home, user), 'passkey_not_found');
      const authenticator = new SoftAuthenticator();
      expectOk(await addPasskey(home, user, authenticator));
      const asked = await withdrawOptions(home, user);
      expectOk(asked);
      expect(asked.body.data.options.allowCredentials?.map((c) => c.id)).toEqual([
        authenticator.credentials[0]?.id,
      ]);
    });

    it('holds an account to ten passkeys', async () => {
      const home = client();
      const user = await registerUser(home, server().dataDir);
      const stale = await registerOptions(home, user);
      for (let i = 0; i < 10; i++) {
        expectOk(await addPasskey(home, user, new SoftAuthenticator(), `Key ${i}`));
      }
      expectError(await registerOptions(home, user), 'passkey_limit');
      // Options asked for before the tenth cannot add an eleventh.
      const { challenge_id, options } = stale.body.data;
      const response = new SoftAuthenticator().register(options);
      expectError(
        await postJson(
          home,
          '/security/passkey/register',
          { challenge_id, response, name: 'Eleventh' },
          user.token,
        ),
        'passkey_limit',
      );
      expect(await storedPasskeys(user.userId)).toHaveLength(10);
    });
  });

  describe.skipIf(skip)('refusals', () => {
    it('refuses a replayed sign-in, and lets one of two racing with one answer through', async () => {
      const authenticator = new SoftAuthenticator();
      const user = await registerUser(client(), server().dataDir);
      expectOk(await addPasskey(client(), user, authenticator));
      const asked = await loginOptions(client());
      const { challenge_id, options } = asked.body.data;
      const body = { challenge_id, response: authenticator.assert(options) };
      const answers = await Promise.all([
        postJson(client(), '/login/passkey', body),
        postJson(client(), '/login/passkey', body),
      ]);
      expect(count(answers, 'ok')).toBe(1);
      expect(count(answers, 'passkey_challenge_expired')).toBe(1);
      expectError(await postJson(client(), '/login/passkey', body), 'passkey_challenge_expired');
    });

    it('refuses a challenge of another purpose or user, and one past its five minutes', async () => {
      const home = client();
      const owner = await registerUser(home, server().dataDir);
      const other = await registerUser(client(), server().dataDir);
      const mine = new SoftAuthenticator();
      const theirs = new SoftAuthenticator();
      expectOk(await addPasskey(home, owner, mine));
      expectOk(await addPasskey(client(), other, theirs));

      // A withdrawal's challenge does not sign anyone in.
      const forWithdrawal = (await withdrawOptions(home, owner)).body.data;
      expectError(
        await postJson(client(), '/login/passkey', {
          challenge_id: forWithdrawal.challenge_id,
          response: mine.assert(forWithdrawal.options),
        }),
        'passkey_challenge_expired',
      );

      // The withdrawal's check, as the wallet calls it: the owner's challenge is the owner's only.
      const deps = routeDeps();
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => 'accepted',
          (error: unknown) => (error instanceof BusinessError ? error.errorName : error),
        );
      const fresh = (await withdrawOptions(home, owner)).body.data;
      const signedByOther = theirs.assert({ ...fresh.options, allowCredentials: [] });
      expect(
        await refusal(
          verifyPasskeyAssertion(
            deps,
            'withdraw',
            { challenge_id: fresh.challenge_id, response: signedByOther },
            other.userId,
          ),
        ),
      ).toBe('passkey_challenge_expired');
      expect(
        await refusal(
          verifyPasskeyAssertion(
            deps,
            'withdraw',
            { challenge_id: fresh.challenge_id, response: signedByOther },
            owner.userId,
          ),
        ),
      ).toBe('passkey_invalid');
      const signed = mine.assert(fresh.options);
      const input = { challenge_id: fresh.challenge_id, response: signed };
      const proof = await verifyPasskeyAssertion(deps, 'withdraw', input, owner.userId);
      expect(proof.userId).toBe(owner.userId);
      await server()
        .db.transaction()
        .execute((trx) => proof.use(trx));
      expect(await refusal(verifyPasskeyAssertion(deps, 'withdraw', input, owner.userId))).toBe(
        'passkey_challenge_expired',
      );

      // Five minutes and it is gone.
      const late = (await loginOptions(client())).body.data;
      clock.advance(5 * 60_000);
      expectError(
        await postJson(client(), '/login/passkey', {
          challenge_id: late.challenge_id,
          response: mine.assert(late.options),
        }),
        'passkey_challenge_expired',
      );
    });

    it('refuses another origin, another relying party, a counter that went back and a forged signature', async () => {
      const authenticator = new SoftAuthenticator();
      const user = await registerUser(client(), server().dataDir);
      expectOk(await addPasskey(client(), user, authenticator));
      expectOk(await signIn(client(), authenticator));
      for (const tamper of [
        { origin: 'https://evil.example' },
        { origin: 'https://localhost:5173' },
        { rpId: 'evil.example' },
        { counter: 1 },
        { challenge: 'c29tZXRoaW5nIGVsc2U' },
      ] satisfies Tamper[]) {
        expectError(await signIn(client(), authenticator, tamper), 'passkey_invalid');
      }
      // A key of its own under the passkey's id signs nothing.
      const real = authenticator.credentials[0];
      const credentialId = real?.id ?? '';
      const impostor = new SoftAuthenticator();
      impostor.register({
        challenge: 'AAAA',
        rp: { id: 'localhost', name: 'Meridian' },
        user: { id: real?.userHandle ?? '', name: user.account },
      });
      const asked = (await loginOptions(client())).body.data;
      const forged = impostor.assert(asked.options);
      expectError(
        await postJson(client(), '/login/passkey', {
          challenge_id: asked.challenge_id,
          response: { ...forged, id: credentialId, rawId: credentialId },
        }),
        'passkey_invalid',
      );
      // None of these spent anything: the passkey signs in as before.
      expectOk(await signIn(client(), authenticator));
    });

    it('refuses a registration from another origin, a duplicate, and a malformed answer, changing nothing', async () => {
      const home = client();
      const user = await registerUser(home, server().dataDir);
      const other = await registerUser(client(), server().dataDir);
      const authenticator = new SoftAuthenticator();
      expectError(
        await addPasskey(home, user, authenticator, 'Evil', { origin: 'http://evil.localhost' }),
        'passkey_invalid',
      );
      const first = await addPasskey(home, user, new SoftAuthenticator(), 'First');
      expectOk(first);
      const holder = new SoftAuthenticator();
      expectOk(await addPasskey(client(), other, holder));
      // The same credential again, for this user or another: it is one passkey.
      const credentialId = holder.credentials[0]?.id ?? '';
      expectError(await addPasskey(home, user, holder, 'Copy', { credentialId }), 'passkey_exists');

      const asked = (await registerOptions(home, user)).body.data;
      const response = authenticator.register(asked.options);
      const register = (body: Record<string, unknown>) =>
        postJson(home, '/security/passkey/register', body, user.token);
      const bad: [Record<string, unknown>, ErrorName][] = [
        [{ challenge_id: 'abc', response, name: 'x' }, 'field_invalid'],
        [{ challenge_id: asked.challenge_id, name: 'x' }, 'field_required'],
        [{ challenge_id: asked.challenge_id, response, name: '' }, 'field_required'],
        [{ challenge_id: asked.challenge_id, response, name: 'x'.repeat(41) }, 'field_too_long'],
        [
          { challenge_id: asked.challenge_id, response: { ...response, type: 'other' }, name: 'x' },
          'field_invalid',
        ],
        [
          {
            challenge_id: asked.challenge_id,
            response: {
              ...response,
              response: { ...response.response, attestationObject: 'AAAA' },
            },
            name: 'x',
          },
          'passkey_invalid',
        ],
        [
          {
            challenge_id: asked.challenge_id,
            response: { ...response, response: { clientDataJSON: '!!' } },
            name: 'x',
          },
          'passkey_invalid',
        ],
        [{ challenge_id: '999999999', response, name: 'x' }, 'passkey_challenge_expired'],
      ];
      for (const [body, refusal] of bad) {
        const answer = await register(body);
        expect({ body, code: answer.body.code }).toEqual({ body, code: errorCodes[refusal] });
      }
      // Another user's challenge is not this user's.
      const theirs = (await registerOptions(client(), other)).body.data;
      expectError(
        await register({
          challenge_id: theirs.challenge_id,
          response: new SoftAuthenticator().register(theirs.options),
          name: 'x',
        }),
        'passkey_challenge_expired',
      );
      expect(await list(home, user)).toEqual([first.body.data]);

      // The challenge was not spent by any of them.
      expectOk(await register({ challenge_id: asked.challenge_id, response, name: 'Second' }));
      expect(await list(home, user)).toHaveLength(2);
      expectError(
        await register({ challenge_id: asked.challenge_id, response, name: 'Again' }),
        'passkey_challenge_expired',
      );
    });

    it('removes only the user’s own passkey', async () => {
      const home = client();
      const user = await registerUser(home, server().dataDir);
      const other = await registerUser(client(), server().dataDir);
      const added = await addPasskey(client(), other, new SoftAuthenticator());
      expectOk(added);
      const code = await emailCode(home, user);
      expectError(
        await home.post(
          '/security/passkey/remove',
          { id: String(added.body.data.id), email_code: code },
          { token: user.token },
        ),
        'passkey_not_found',
      );
      expectError(
        await home.post(
          '/security/passkey/remove',
          { id: '0', email_code: code },
          { token: user.token },
        ),
        'field_invalid',
      );
      expect(await list(client(), other)).toHaveLength(1);
    });
  });
});
