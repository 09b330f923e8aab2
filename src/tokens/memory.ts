import type { ApiUserRecord, CredentialStore } from './ports.js';

const key = (realm: string, username: string) => `${realm}\u0000${username.toLowerCase()}`;

export class InMemoryCredentialStore implements CredentialStore {
  private readonly users = new Map<string, ApiUserRecord>();

  async findUser(realm: string, username: string): Promise<ApiUserRecord | null> {
    const u = this.users.get(key(realm, username));
    return u ? { ...u } : null;
  }
  async putUser(user: ApiUserRecord): Promise<void> {
    this.users.set(key(user.realm, user.username), { ...user });
  }
  async deleteUser(realm: string, username: string): Promise<boolean> {
    return this.users.delete(key(realm, username));
  }
}
