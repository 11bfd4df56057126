// The API key a shared service asks for, kept in this tab's sessionStorage only (gone when the tab closes) and
// sent as a Bearer token with every request to the API.

const STORAGE_KEY = 'npuzzle.apiKey';

/** The key kept for this tab, or '' when none. */
export function storedKey(storage = globalThis.sessionStorage) {
  return storage?.getItem(STORAGE_KEY) ?? '';
}

/** Keeps the key for this tab; an empty one is forgotten. */
export function storeKey(key, storage = globalThis.sessionStorage) {
  const trimmed = key.trim();
  if (trimmed) {
    storage.setItem(STORAGE_KEY, trimmed);
  } else {
    storage.removeItem(STORAGE_KEY);
  }
}

/** The Authorization header to send: none without a key. */
export function authorization(storage = globalThis.sessionStorage) {
  const key = storedKey(storage);
  return key ? { Authorization: `Bearer ${key}` } : {};
}
