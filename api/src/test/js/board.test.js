import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Board } from '../../main/resources/META-INF/resources/js/board.js';

const goal = Board.solved(3, 3);

test('the default goal puts the blank last', () => {
  assert.equal(goal.toString(), '1 2 3 4 5 6 7 8 0');
  assert.equal(goal.blank, 8);
});

test('moves name the direction the blank travels', () => {
  assert.equal(goal.move('u').toString(), '1 2 3 4 5 0 7 8 6');
  assert.equal(goal.move('l').toString(), '1 2 3 4 5 6 7 0 8');
  assert.throws(() => goal.move('d'), /cannot move down/);
  assert.equal(goal.apply('ul').apply('rd').toString(), goal.toString());
});

test('a tile in the blank\'s row or column slides with every tile between', () => {
  assert.equal(goal.movesToSlide(6), 'll');
  assert.equal(goal.movesToSlide(2), 'uu');
  assert.equal(goal.movesToSlide(0), '');
  assert.equal(goal.movesToSlide(8), '');
});

test('parity decides whether the goal can be reached', () => {
  assert.ok(goal.apply('ulldru').canReach(goal));
  assert.ok(!Board.fromNormalised(3, 3, '2 1 3 4 5 6 7 8 0').canReach(goal));
  // Even width: the blank's row counts too.
  const fifteen = Board.solved(4, 4);
  assert.ok(fifteen.apply('uuullddr').canReach(fifteen));
  assert.ok(!Board.fromNormalised(4, 4, '1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0').canReach(fifteen));
  // Against a custom goal, blank first.
  const blankFirst = Board.fromNormalised(2, 4, '0 1 2 3 4 5 6 7');
  assert.ok(blankFirst.apply('rrdl').canReach(blankFirst));
  assert.ok(!Board.fromNormalised(2, 4, '0 2 1 3 4 5 6 7').canReach(blankFirst));
});

test('the text form lists rows on lines', () => {
  assert.equal(Board.solved(2, 3).toRowsText(), '1 2 3\n4 5 0');
});
