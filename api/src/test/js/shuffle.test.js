import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Board } from '../../main/resources/META-INF/resources/js/board.js';
import { randomSolvable, randomWalk } from '../../main/resources/META-INF/resources/js/shuffle.js';

test('every shuffle can reach its goal', () => {
  for (const [rows, cols] of [[2, 2], [3, 3], [2, 4], [4, 4], [5, 3], [8, 8]]) {
    const goal = Board.solved(rows, cols);
    const blankFirst = Board.fromNormalised(rows, cols, goal.tiles.map((_, i) => i).join(' '));
    for (let i = 0; i < 50; i++) {
      assert.ok(randomSolvable(goal).canReach(goal), `${rows}x${cols}`);
      assert.ok(randomSolvable(blankFirst).canReach(blankFirst), `${rows}x${cols} blank first`);
      assert.ok(randomWalk(goal, 30).canReach(goal), `${rows}x${cols} walk`);
    }
  }
});

test('a walk never undoes its previous move, so it leaves the goal', () => {
  const goal = Board.solved(4, 4);
  for (let i = 0; i < 20; i++) {
    assert.ok(!randomWalk(goal, 3).equals(goal));
  }
});
