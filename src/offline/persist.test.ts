import { afterEach, describe, expect, it, vi } from 'vitest';
import { askPersistentStorage, PERSIST_ASKED_KEY } from './persist';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function stubStorage(persisted: boolean, grant: boolean) {
  const persist = vi.fn(async () => grant);
  vi.stubGlobal('navigator', { ...navigator, storage: { persist, persisted: async () => persisted } });
  return persist;
}

describe('askPersistentStorage', () => {
  it('asks once and remembers it', async () => {
    const persist = stubStorage(false, true);
    expect(await askPersistentStorage()).toBe(true);
    expect(await askPersistentStorage()).toBeNull();
    expect(persist).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(PERSIST_ASKED_KEY)).toBe('granted');
  });

  it('remembers a refusal and does not ask when already persisted', async () => {
    const persist = stubStorage(false, false);
    expect(await askPersistentStorage()).toBe(false);
    expect(localStorage.getItem(PERSIST_ASKED_KEY)).toBe('denied');
    localStorage.clear();
    const again = stubStorage(true, true);
    expect(await askPersistentStorage()).toBe(true);
    expect(again).not.toHaveBeenCalled();
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the API is missing', async () => {
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    expect(await askPersistentStorage()).toBeNull();
    expect(localStorage.getItem(PERSIST_ASKED_KEY)).toBeNull();
  });
});
