import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBoard, parseBoardForShape, parseGoal } from '../../main/resources/META-INF/resources/js/board-text.js';

test('tiles separated by spaces, commas and lines, the blank written four ways', () => {
  for (const blank of ['0', 'x', 'X', '_']) {
    assert.equal(parseBoard(`1, 2 3\n4 5 6\n7 8 ${blank}`).toString(), '1 2 3 4 5 6 7 8 0');
  }
});

test('a 3x3 board may be nine characters', () => {
  assert.equal(parseBoard('23415x768').toString(), '2 3 4 1 5 0 7 6 8');
});

test('non-square boards need their shape', () => {
  assert.equal(parseBoard('0 1 2 3 4 5 6 7', 2, 4).cols, 4);
  assert.throws(() => parseBoard('0 1 2 3 4 5 6 7'), /cannot infer the shape of 8 tiles/);
});

test('the service\'s messages for the usual mistakes', () => {
  const cases = [
    ['', 'the board is empty'],
    ['1 2 3 4 5 6 7 8 8', 'duplicate tile 8'],
    ['1 2 3 4 0 6 7 8 0', 'more than one blank'],
    ['1 2 3 4 5 6 7 9 0', 'tile 9 is out of range 1..8 for a 3x3 board'],
    ['1 2 3 4 5 6 7 0', 'expected 9 tiles for a 3x3 board, got 8 (missing tile 8)'],
    ['1 2 3 4 five 6 7 8 0', "unknown token 'five' (tiles are numbers; the blank is x, X, 0 or _)"],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => parseBoard(text, 3, 3), { message }, text);
  }
});

test('a pasted square board of another size replaces the chosen shape', () => {
  const board = parseBoardForShape('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0', 3, 3);
  assert.deepEqual([board.rows, board.cols], [4, 4]);
  assert.throws(() => parseBoardForShape('1 2 3 4 5 6 7 0', 3, 3), /expected 9 tiles for a 3x3 board/);
});

test('a blank goal is the default goal; a bad one says it is the goal', () => {
  assert.equal(parseGoal('  ', 2, 2).toString(), '1 2 3 0');
  assert.throws(() => parseGoal('1 1 2 0', 2, 2), { message: 'invalid goal: duplicate tile 1' });
});

// The same rules as the service's parser (BoardParser): only ASCII space, tab, CR, LF and comma separate tiles;
// JavaScript's \s would also take U+00A0 and miss U+001C, where Java's white space does the opposite.
test('only ASCII space, tab, line breaks and commas separate tiles', () => {
  assert.equal(parseBoard('1\r\n2\t3,4 5 6 7 8 0', 3, 3).toString(), '1 2 3 4 5 6 7 8 0');
  for (const other of ['\u00a0', '\u001c', '\u2003', '\u000b', '\u000c']) {
    assert.throws(() => parseBoard(`1${other}2 3 4 5 6 7 8 0`, 3, 3), /unknown token '1/,
      `U+${other.codePointAt(0).toString(16)}`);
  }
  assert.throws(() => parseBoard('\u001c\u00a0'), /unknown token/);
});

test('a token with a letter after digits is an unknown token, however large its digits', () => {
  assert.throws(() => parseBoard('1 2 3 4 5 6 7 8 123x', 3, 3),
    { message: "unknown token '123x' (tiles are numbers; the blank is x, X, 0 or _)" });
});
