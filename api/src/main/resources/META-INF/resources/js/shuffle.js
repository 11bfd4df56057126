// Solvable scrambles: either a random walk of the blank from the goal (as hard as the walk is long, which
// keeps big boards within reach of an optimal solve) or a uniformly random arrangement with its parity fixed.

import { Board, MOVE_LETTERS, oppositeMove } from './board.js';

/** A board reached from the goal by a walk of `steps` blank moves that never undoes the previous one. */
export function randomWalk(goal, steps, random = Math.random) {
  let board = goal;
  let previous = null;
  for (let i = 0; i < steps; i++) {
    const options = MOVE_LETTERS.filter((letter) => board.canMove(letter) && letter !== oppositeMove(previous));
    previous = options[Math.floor(random() * options.length)];
    board = board.move(previous);
  }
  return board;
}

/**
 * A uniformly random arrangement that can reach the goal: when the shuffle lands on the wrong parity, swapping
 * two tiles (never the blank) flips it.
 */
export function randomSolvable(goal, random = Math.random) {
  const tiles = [...goal.tiles];
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  const board = new Board(goal.rows, goal.cols, tiles);
  if (board.canReach(goal)) {
    return board;
  }
  const [a, b] = tiles.map((tile, cell) => (tile === 0 ? -1 : cell)).filter((cell) => cell >= 0);
  [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
  return new Board(goal.rows, goal.cols, tiles);
}
