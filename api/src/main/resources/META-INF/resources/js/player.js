// Steps through a solution: which board is shown, at which move, and the timer that plays it.
// It knows nothing of the page; `onChange` is told after every step or state change. Stepping by hand
// pauses playback.

import { oppositeMove } from './board.js';

export class Player {
  constructor(onChange) {
    this.onChange = onChange;
    this.movesPerSecond = 4;
    this.timer = null;
    this.clear();
  }

  /** Loads a solution: the start board and the blank's moves that reach the goal. */
  load(start, moves) {
    this.pauseQuietly();
    this.start = start;
    this.moves = moves;
    this.index = 0;
    this.board = start;
    this.onChange(this);
  }

  clear() {
    this.pauseQuietly();
    this.start = null;
    this.moves = '';
    this.index = 0;
    this.board = null;
  }

  get loaded() {
    return this.start !== null;
  }

  get length() {
    return this.moves.length;
  }

  get playing() {
    return this.timer !== null;
  }

  get atStart() {
    return this.index === 0;
  }

  get atEnd() {
    return this.index === this.moves.length;
  }

  /** The move that led to the board shown, or null at the start. */
  get lastMove() {
    return this.index > 0 ? this.moves[this.index - 1] : null;
  }

  /** Milliseconds between two moves at the current speed. */
  get interval() {
    return 1000 / this.movesPerSecond;
  }

  forward() {
    if (this.loaded && !this.atEnd) {
      this.pauseQuietly();
      this.advance();
      this.onChange(this);
    }
  }

  back() {
    if (this.loaded && !this.atStart) {
      this.pauseQuietly();
      this.index--;
      this.board = this.board.move(oppositeMove(this.moves[this.index]));
      this.onChange(this);
    }
  }

  toStart() {
    this.jumpTo(0);
  }

  toEnd() {
    this.jumpTo(this.moves.length);
  }

  jumpTo(index) {
    if (!this.loaded) {
      return;
    }
    this.pauseQuietly();
    this.index = index;
    this.board = this.start.apply(this.moves.slice(0, index));
    this.onChange(this);
  }

  play() {
    if (!this.loaded || this.playing || this.length === 0) {
      return;
    }
    if (this.atEnd) {
      this.index = 0;
      this.board = this.start;
    }
    this.schedule();
    this.onChange(this);
  }

  pause() {
    if (this.playing) {
      this.pauseQuietly();
      this.onChange(this);
    }
  }

  toggle() {
    if (this.playing) {
      this.pause();
    } else {
      this.play();
    }
  }

  setSpeed(movesPerSecond) {
    this.movesPerSecond = movesPerSecond;
    if (this.playing) {
      this.pauseQuietly();
      this.schedule();
    }
  }

  schedule() {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.advance();
      if (!this.atEnd) {
        this.schedule();
      }
      this.onChange(this);
    }, this.interval);
  }

  advance() {
    this.board = this.board.move(this.moves[this.index]);
    this.index++;
  }

  pauseQuietly() {
    clearTimeout(this.timer);
    this.timer = null;
  }
}
