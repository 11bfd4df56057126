import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Board } from '../../main/resources/META-INF/resources/js/board.js';
import { Player } from '../../main/resources/META-INF/resources/js/player.js';

const goal = Board.solved(3, 3);
// 'uldr' undoes 'lurd'.
const start = goal.apply('lurd');

test('stepping forward through the moves reaches the goal, stepping back returns to the start', () => {
  let changes = 0;
  const player = new Player(() => { changes++; });
  player.load(start, 'uldr');
  assert.ok(player.atStart);
  for (let i = 0; i < 4; i++) {
    player.forward();
  }
  assert.ok(player.atEnd);
  assert.ok(player.board.equals(goal));
  assert.equal(player.lastMove, 'r');
  player.forward();
  assert.equal(player.index, 4, 'no step past the end');
  player.back();
  player.back();
  assert.equal(player.index, 2);
  assert.ok(player.board.equals(start.apply('ul')));
  player.toStart();
  assert.ok(player.board.equals(start));
  player.toEnd();
  assert.ok(player.board.equals(goal));
  assert.ok(changes >= 9);
});

test('playing advances on a timer and stops at the end', async () => {
  const player = new Player(() => {});
  player.setSpeed(1000);
  player.load(start, 'uldr');
  const finished = new Promise((resolve) => {
    player.onChange = () => {
      if (player.atEnd && !player.playing) {
        resolve();
      }
    };
  });
  player.play();
  assert.ok(player.playing);
  await finished;
  assert.ok(player.board.equals(goal));
});
