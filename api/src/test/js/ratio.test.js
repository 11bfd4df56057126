import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RATIO, guaranteeText, parseRatio } from '../../main/resources/META-INF/resources/js/ratio.js';

test('a ratio above 1 and at most 3 is read as a number', () => {
  assert.equal(parseRatio('1.5'), 1.5);
  assert.equal(parseRatio(' 3 '), 3);
  assert.equal(parseRatio(String(DEFAULT_RATIO)), 1.25);
});

test('a ratio out of range or not a plain number is refused saying why', () => {
  for (const text of ['1', '0.9', '3.01', '10']) {
    assert.throws(() => parseRatio(text), /above 1 and at most 3/, text);
  }
  for (const text of ['', 'wide', '1,5', '1e0', '-2', 'NaN', 'Infinity', '٢']) {
    assert.throws(() => parseRatio(text), /a number such as 1.25/, text);
  }
});

test('an answer says what it guarantees: shortest, within its bound, or nothing', () => {
  assert.equal(guaranteeText({ optimal: true, bound: 1 }), 'shortest possible');
  assert.equal(guaranteeText({ optimal: false, bound: 1.5 }), 'at most 1.5× the shortest');
  assert.equal(guaranteeText({ optimal: false, bound: null }), 'not proven shortest');
  assert.equal(guaranteeText({ optimal: false }), 'not proven shortest', 'answers recorded before bounds');
});

test('an answer found by its deadline says the factor it is proven within and the lower bound that proves it', () => {
  assert.equal(guaranteeText({ optimal: false, bound: 104 / 96, lowerBound: 96 }),
    'at most 1.083× the shortest (which has at least 96 moves)');
});
