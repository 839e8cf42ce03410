// API keys over HTTP (docs/api-binance.md § "API keys"), on the embedded database and on
// PostgreSQL: made with the email code (and the authenticator's, once one is bound), the secret
// answered once and stored sealed, at most 30 live keys, deleted by their owner alone, and bad
// input refused in the caller's language with nothing stored.
import { stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { catalogues, localize } from '../../schemas/messages/index.ts';
import {
  type ApiKeyCipher,
  loadApiKeyCipher,
  sealingKeyFile,
} from '../../server/security/api-key-cipher.ts';
import { apiKeyLimit, insertApiKey, resolveApiKey } from '../../server/security/api-key-store.ts';
import { noticeTexts } from '../../server/security/notice-texts/index.ts';
import { totpCodeAt } from '../../server/security/totp.ts';
import { lastCodeFor, readOutbox, registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectError, expectOk, ok } from '../support/expectations.ts';
import { ManualClock } from '../support/manual-clock.ts';

const minute = 60_000;

interface CreatedKey {
  id: number;
  label: string;
  api_key: string;
  secret: string;
  scopes: string[];
  ip_allowlist: string[];
  created_at: string;
}

type ListedKey = Omit<CreatedKey, 'secret'>;

/** A request body with lists in it, sent as JSON. */
type Body = Record<string, string | string[]>;

const fieldOf = (answer: Answer) => (answer.body as { field?: string }).field;

describe.each(await eachDatabase())('API keys on %s', (...database) => {
  const clock = new ManualClock();
  const { skip, server } = serverOn(database, clock);
  let cipher: ApiKeyCipher | undefined;
  /** The cipher the server seals with: the key it made in its DATA_DIR. */
  const sealing = async () => {
    cipher ??= await loadApiKeyCipher({ dataDir: server().dataDir, apiKeySealingKey: undefined });
    return cipher;
  };

  async function user() {
    const client = new ApiClient(server().url);
    const registered = await registerUser(client, server().dataDir);
    const { token, account, userId } = registered;
    const post = <T>(path: string, body: Body, lang = 'en') =>
      client.post<T>(path, body as unknown as Record<string, string>, { token, lang, as: 'json' });
    const list = async () => ok(await client.get<ListedKey[]>('/security/api-keys', {}, { token }));
    /** A fresh email code for a security change. */
    const code = async () => {
      clock.advance(minute);
      expectOk(await client.post('/security/sendCode', { type: 'email' }, { token }));
      return lastCodeFor(server().dataDir, account);
    };
    const create = (body: Body, lang?: string) =>
      post<CreatedKey>('/security/api-keys', body, lang);
    const remove = (id: number | string) => post('/security/api-keys/delete', { id: String(id) });
    /** The subjects of the notices mailed to this user, oldest first. */
    const notices = async () =>
      (await readOutbox(server().dataDir))
        .filter((entry) => entry.to === account && entry.code === undefined)
        .map((entry) => entry.subject);
    return { client, token, userId, post, list, code, create, remove, notices };
  }

  const subject = (kind: 'api_key_created' | 'api_key_deleted') =>
    noticeTexts.en.kinds[kind].subject.replace('{brand}', 'Meridian');

  const storedRows = (userId: number) =>
    server().db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).execute();

  describe.skipIf(skip)('calls', () => {
    it('starts with a sealing key made in DATA_DIR, readable by the owner alone', async () => {
      const made = await stat(sealingKeyFile(server().dataDir));
      expect(made.mode & 0o777).toBe(0o600);
    });

    it("offers read and each trading module's scope, to its owner alone", async () => {
      const owner = await user();
      const offered = ok(
        await owner.client.get<{ list: string[] }>(
          '/security/api-key-scopes',
          {},
          {
            token: owner.token,
          },
        ),
      );
      expect(offered.list).toEqual(['read', 'spot', 'futures']);
      const anonymous = await owner.client.get('/security/api-key-scopes', {});
      expect(anonymous.body.code).not.toBe(200);
    });

    it('makes a key with the email code, answers its secret once and keeps it sealed', async () => {
      const owner = await user();
      const code = await owner.code();
      const ip_allowlist = ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'];
      const made = ok(
        await owner.create({ label: 'grid bot', scopes: ['spot', 'read'], ip_allowlist, code }),
      );
      expect(made.api_key).toMatch(/^[A-Za-z0-9]{64}$/);
      expect(made.secret).toMatch(/^[A-Za-z0-9]{64}$/);
      expect(made).toMatchObject({ label: 'grid bot', scopes: ['read', 'spot'], ip_allowlist });

      // Listed with the key in full, never the secret.
      const listed = await owner.list();
      expect(listed).toEqual([
        {
          id: made.id,
          label: 'grid bot',
          api_key: made.api_key,
          scopes: ['read', 'spot'],
          ip_allowlist,
          created_at: made.created_at,
        },
      ]);
      expect(JSON.stringify(listed)).not.toContain(made.secret);

      // Stored sealed: the row does not hold the secret; the signed-request check opens it.
      const [row] = await storedRows(owner.userId);
      expect(row?.secret_sealed).not.toContain(made.secret);
      expect(row?.secret_sealed.startsWith(`v1.${(await sealing()).keyId}.`)).toBe(true);
      const resolved = await resolveApiKey(server().db, await sealing(), made.api_key);
      expect(resolved).toEqual({
        id: made.id,
        userId: owner.userId,
        apiKey: made.api_key,
        secret: made.secret,
        scopes: new Set(['read', 'spot']),
        ipAllowlist: ip_allowlist,
      });

      // The code was used up with the key.
      expectError(await owner.create({ label: 'again', scopes: ['read'], code }), 'code_invalid');
      expect(await storedRows(owner.userId)).toHaveLength(1);
      // The owner was told once, of the key made; the refusal told nothing.
      expect(await owner.notices()).toEqual([subject('api_key_created')]);
    });

    it('takes the lists as comma-separated form values too', async () => {
      const owner = await user();
      const form = {
        label: 'form',
        scopes: 'futures, read',
        ip_allowlist: '192.0.2.1, ::1',
        code: await owner.code(),
      };
      const made = ok(
        await owner.client.post<CreatedKey>('/security/api-keys', form, { token: owner.token }),
      );
      expect(made).toMatchObject({
        scopes: ['read', 'futures'],
        ip_allowlist: ['192.0.2.1', '::1'],
      });
      const none = { label: 'anywhere', scopes: 'read', code: await owner.code() };
      const open = ok(
        await owner.client.post<CreatedKey>('/security/api-keys', none, { token: owner.token }),
      );
      expect(open.ip_allowlist).toEqual([]);
    });

    it('needs the authenticator’s code once one is bound, both used up with the key', async () => {
      const owner = await user();
      const setup = await owner.post<{ secret: string }>('/security/totp/setup', {});
      const totpSecret = ok(setup).secret;
      expectOk(
        await owner.post('/security/totp/bind', { totp_code: totpCodeAt(totpSecret, clock.now()) }),
      );
      clock.advance(minute);
      const code = await owner.code();
      const body = { label: 'with 2fa', scopes: ['read'], code };

      expectError(await owner.create(body), 'two_factor_required');
      expect(await storedRows(owner.userId)).toEqual([]);

      // The refusal left the email code alive.
      // The step after now, which is taken too: a minute on, for the next email code, it still is.
      const totp_code = totpCodeAt(totpSecret, new Date(clock.now().getTime() + 30_000));
      const made = ok(await owner.create({ ...body, totp_code }));
      expect(await resolveApiKey(server().db, await sealing(), made.api_key)).not.toBeNull();

      // Both are spent: the same step is refused, and so is the same email code.
      const twice = await owner.create({ ...body, code: await owner.code(), totp_code });
      expectError(twice, 'totp_reused');
      clock.advance(minute);
      const next = totpCodeAt(totpSecret, clock.now());
      expectError(await owner.create({ ...body, code, totp_code: next }), 'code_invalid');
      expect(await storedRows(owner.userId)).toHaveLength(1);
    });

    it('refuses a 31st live key, and makes room when one is deleted', async () => {
      const owner = await user();
      const seal = await sealing();
      for (let i = 1; i < apiKeyLimit; i++) {
        await insertApiKey(server().db, seal, {
          userId: owner.userId,
          label: `key ${i}`,
          scopes: ['read'],
          ipAllowlist: [],
        });
      }
      const last = ok(
        await owner.create({ label: 'thirtieth', scopes: ['read'], code: await owner.code() }),
      );
      expect(await owner.list()).toHaveLength(apiKeyLimit);

      const code = await owner.code();
      const refused = await owner.create({ label: 'one more', scopes: ['read'], code }, 'de');
      expectError(refused, 'api_key_limit', localize('de', 'api_key_limit', { count: 30 }));
      expect(await storedRows(owner.userId)).toHaveLength(apiKeyLimit);

      // The refusal did not spend the code; a deleted key makes room for it.
      expectOk(await owner.remove(last.id));
      ok(await owner.create({ label: 'one more', scopes: ['read'], code }));
      expect(await owner.list()).toHaveLength(apiKeyLimit);
    });

    it('lets two creations at once with one code make one key', async () => {
      const owner = await user();
      const code = await owner.code();
      const answers = await Promise.all(
        [1, 2].map((n) => owner.create({ label: `racer ${n}`, scopes: ['read'], code })),
      );
      expect(answers.map((answer) => answer.body.code).sort((a, b) => a - b)).toEqual([200, 1010]);
      expect(await storedRows(owner.userId)).toHaveLength(1);
    });

    it('deletes a key at once, and answers another user’s id as a missing one', async () => {
      const owner = await user();
      const stranger = await user();
      const made = ok(
        await owner.create({ label: 'to delete', scopes: ['spot'], code: await owner.code() }),
      );

      const theirs = await stranger.remove(made.id);
      expectError(theirs, 'api_key_not_found');
      const missing = await stranger.remove(made.id + 1_000_000);
      expect({ ...missing.body }).toEqual({ ...theirs.body });
      expect(await resolveApiKey(server().db, await sealing(), made.api_key)).not.toBeNull();
      expect(await owner.list()).toHaveLength(1);

      expect(await stranger.notices()).toEqual([]);
      expectOk(await owner.remove(made.id));
      expect(await owner.notices()).toEqual([
        subject('api_key_created'),
        subject('api_key_deleted'),
      ]);
      expect(await resolveApiKey(server().db, await sealing(), made.api_key)).toBeNull();
      expect(await owner.list()).toEqual([]);
      const [row] = await storedRows(owner.userId);
      expect(row?.deleted_at).toBeInstanceOf(Date);
      expectError(await owner.remove(made.id), 'api_key_not_found');
    });

    it('refuses bad input in the caller’s language, storing nothing and spending no code', async () => {
      const owner = await user();
      const code = await owner.code();
      const good = { label: 'bot', scopes: ['read'], code };
      const de = catalogues.de.fields;

      const noScopes = await owner.create({ ...good, scopes: [] }, 'de');
      expectError(
        noScopes,
        'field_required',
        localize('de', 'field_required', { field: 'scopes' }),
      );
      expect(noScopes.body.msg).toContain(de.scopes);
      expect(fieldOf(noScopes)).toBe('scopes');

      const unknownScope = await owner.create({ ...good, scopes: ['withdraw'] }, 'de');
      expectError(unknownScope, 'field_invalid');
      expect(fieldOf(unknownScope)).toBe('scopes');

      for (const entry of ['10.0.0.0/33', '256.1.1.1', '10.0.0.1/8/8', 'example.com', '1::2::3']) {
        const badIp = await owner.create({ ...good, ip_allowlist: ['192.0.2.1', entry] }, 'de');
        expectError(badIp, 'ip_allowlist_invalid', localize('de', 'ip_allowlist_invalid'));
        expect(fieldOf(badIp)).toBe('ip_allowlist');
      }

      const many = Array.from({ length: 31 }, (_, i) => `192.0.2.${i + 1}`);
      const tooMany = await owner.create({ ...good, ip_allowlist: many }, 'de');
      expectError(tooMany, 'field_too_long');
      expect(fieldOf(tooMany)).toBe('ip_allowlist');

      const longLabel = await owner.create({ ...good, label: 'x'.repeat(65) }, 'de');
      expectError(
        longLabel,
        'field_too_long',
        localize('de', 'field_too_long', { field: 'label' }),
      );
      expect(longLabel.body.msg).toContain(de.label);

      expect(await storedRows(owner.userId)).toEqual([]);
      // Each refusal came before the code was tried: it still makes a key, with 64 characters of label.
      ok(await owner.create({ ...good, label: 'y'.repeat(64), ip_allowlist: many.slice(0, 30) }));
      expect(await storedRows(owner.userId)).toHaveLength(1);
    });
  });
});
