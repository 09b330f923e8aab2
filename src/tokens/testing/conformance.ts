/**
 * Conformance suite of the credential store: every adapter must pass it.
 *
 *   import { testCredentialStore } from 'tamis/tokens/testing';
 *   testCredentialStore('my store', () => createMyStore());
 */
import { describe, expect, it } from 'vitest';
import type { ApiUserRecord, CredentialStore } from '../ports.js';

const user = (over: Partial<ApiUserRecord> = {}): ApiUserRecord => ({
  identifier: '00000000-0000-4000-8000-000000000001',
  username: 'Api.User@example.com',
  realm: 'Acme',
  password_hash: '$2b$10$abcdefghijklmnopqrstuu',
  ...over,
});

export function testCredentialStore(name: string, make: () => CredentialStore | Promise<CredentialStore>): void {
  describe(`CredentialStore conformance: ${name}`, () => {
    it('a stored user is found by realm and case-insensitive username', async () => {
      const s = await make();
      await s.putUser(user());
      expect(await s.findUser('Acme', 'api.user@EXAMPLE.com')).toEqual(user());
    });
    it('the realm is case-sensitive', async () => {
      const s = await make();
      await s.putUser(user());
      expect(await s.findUser('acme', 'api.user@example.com')).toBeNull();
    });
    it('put replaces the user of the same realm and username; other realms are separate', async () => {
      const s = await make();
      await s.putUser(user());
      await s.putUser(user({ username: 'api.user@example.com', password_hash: 'h2', disabled: true }));
      await s.putUser(user({ realm: 'Other', identifier: '00000000-0000-4000-8000-000000000002' }));
      expect(await s.findUser('Acme', 'api.user@example.com')).toMatchObject({ password_hash: 'h2', disabled: true });
      expect((await s.findUser('Other', 'api.user@example.com'))?.identifier).toBe('00000000-0000-4000-8000-000000000002');
    });
    it('delete removes only that user and reports whether it existed', async () => {
      const s = await make();
      await s.putUser(user());
      expect(await s.deleteUser('Acme', 'API.USER@example.com')).toBe(true);
      expect(await s.deleteUser('Acme', 'api.user@example.com')).toBe(false);
      expect(await s.findUser('Acme', 'api.user@example.com')).toBeNull();
    });
    it('returned users are copies', async () => {
      const s = await make();
      await s.putUser(user());
      const u = await s.findUser('Acme', 'api.user@example.com');
      u!.disabled = true;
      expect((await s.findUser('Acme', 'api.user@example.com'))!.disabled).toBeUndefined();
    });
  });
}
