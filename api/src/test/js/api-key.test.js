import { test } from 'node:test';
import assert from 'node:assert/strict';
import { authorization, storeKey, storedKey } from '../../main/resources/META-INF/resources/js/api-key.js';

/** sessionStorage as node lacks it. */
function memoryStorage() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}

test('without a key no Authorization header is sent', () => {
  assert.deepEqual(authorization(memoryStorage()), {});
});

test('a key kept for the tab is sent as a Bearer token', () => {
  const storage = memoryStorage();
  storeKey('  npz_123  ', storage);
  assert.equal(storedKey(storage), 'npz_123');
  assert.deepEqual(authorization(storage), { Authorization: 'Bearer npz_123' });
});

test('an emptied key is forgotten', () => {
  const storage = memoryStorage();
  storeKey('npz_123', storage);
  storeKey(' ', storage);
  assert.equal(storedKey(storage), '');
  assert.deepEqual(authorization(storage), {});
});
