import { describe, expect, it } from 'vitest';
import { createKeychainStore, keytarFrom, MEMORY_ONLY_MESSAGE, type KeytarApi } from '../../electron/adapters/keychain';

function fakeKeytar(failWith?: string) {
  const items = new Map<string, string>();
  const api: KeytarApi = {
    getPassword: async (s, a) => {
      if (failWith) throw new Error(failWith);
      return items.get(`${s}/${a}`) ?? null;
    },
    setPassword: async (s, a, p) => {
      if (failWith) throw new Error(failWith);
      items.set(`${s}/${a}`, p);
    },
    deletePassword: async (s, a) => {
      if (failWith) throw new Error(failWith);
      return items.delete(`${s}/${a}`);
    },
  };
  return { api, items };
}

describe('keychain secret store', () => {
  it('stores the key under service "OnCall Tray" and the service host as account', async () => {
    const { api, items } = fakeKeytar();
    const store = createKeychainStore({ load: async () => api });
    expect(await store.set('oncall.example.com', 'k1')).toEqual({ ok: true, value: { storage: 'keychain' } });
    expect([...items.entries()]).toEqual([['OnCall Tray/oncall.example.com', 'k1']]);
    expect(await store.get('oncall.example.com')).toEqual({ ok: true, value: 'k1' });
    expect(await store.delete('oncall.example.com')).toEqual({ ok: true, value: null });
    expect(await store.get('oncall.example.com')).toEqual({ ok: true, value: undefined });
  });

  it('keeps the key in memory for the session when keytar cannot load, and says so plainly without the key', async () => {
    const logs: string[] = [];
    const store = createKeychainStore({
      load: async () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')),
      log: (m) => logs.push(m),
    });
    expect(await store.get('h')).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    expect(await store.set('h', 'sekret')).toEqual({ ok: true, value: { storage: 'memory' } });
    expect(await store.get('h')).toEqual({ ok: true, value: 'sekret' });
    expect(logs).toEqual([`${MEMORY_ONLY_MESSAGE} (libsecret-1.so.0: cannot open shared object file)`]);
    expect(logs.join()).not.toContain('sekret');
    expect(await store.delete('h')).toEqual({ ok: true, value: null });
    expect(await store.get('h')).toMatchObject({ ok: false });
  });

  it('falls back to memory when the keychain refuses the write (e.g. a locked collection)', async () => {
    const { api } = fakeKeytar('Cannot create an item in a locked collection');
    const store = createKeychainStore({ load: async () => api });
    expect(await store.set('h', 'k')).toEqual({ ok: true, value: { storage: 'memory' } });
    expect(await store.get('h')).toEqual({ ok: true, value: 'k' });
  });

  it('a new store (a restart) does not remember a memory-only key: nothing was written anywhere', async () => {
    const load = async () => Promise.reject(new Error('no keychain'));
    await createKeychainStore({ load }).set('h', 'k');
    expect(await createKeychainStore({ load }).get('h')).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
  });

  it('finds keytar on a CommonJS default export as well as on the namespace', () => {
    const { api } = fakeKeytar();
    expect(keytarFrom(api)).toBe(api);
    expect(keytarFrom({ default: api })).toBe(api);
    expect(keytarFrom({ getPassword: () => null })).toBeUndefined();
  });
});
