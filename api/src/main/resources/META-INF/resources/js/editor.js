// The set-up form: shape, scramble, the board and goal as text, and the solve mode (with its ratio). It owns the board being
// edited and its goal, keeps the text boxes and the shape pickers in step with them, and validates typed text
// with the service's rules before anything is sent.

import { Board, MAX_SIDE, MIN_SIDE } from './board.js';
import { parseBoardForShape, parseGoal } from './board-text.js';
import { randomSolvable, randomWalk } from './shuffle.js';
import { DEFAULT_RATIO, parseRatio } from './ratio.js';

/** Boards up to this many cells are solved exactly in an instant, so a fully random scramble is the default. */
const RANDOM_SCRAMBLE_MAX_CELLS = 12;
const WALK_SCRAMBLE_DEFAULT = '40';

export class Editor {
  /** @param onChange called with the editor after every change of board, goal or shape */
  constructor(form, onChange) {
    this.form = form;
    this.onChange = onChange;
    this.rows = form.querySelector('#rows');
    this.cols = form.querySelector('#cols');
    this.boardText = form.querySelector('#board-text');
    this.boardTextError = form.querySelector('#board-text-error');
    this.goalText = form.querySelector('#goal-text');
    this.goalTextError = form.querySelector('#goal-text-error');
    this.goalDetails = form.querySelector('#goal-details');
    this.scrambleKind = form.querySelector('#scramble-kind');
    this.ratioField = form.querySelector('#ratio');
    this.ratioError = form.querySelector('#ratio-error');
    this.maxSecondsField = form.querySelector('#max-seconds');
    for (const mode of form.querySelectorAll('input[name="mode"]')) {
      mode.addEventListener('change', () => this.readRatio());
    }
    this.ratioField.addEventListener('input', () => this.readRatio());
    for (const select of [this.rows, this.cols]) {
      for (let side = MIN_SIDE; side <= MAX_SIDE; side++) {
        select.append(new Option(String(side), String(side)));
      }
      select.value = '3';
      select.addEventListener('change', () => this.changeShape());
    }
    form.querySelector('#shuffle').addEventListener('click', () => this.shuffle());
    form.querySelector('#reset').addEventListener('click', () => this.setBoard(this.goal));
    this.boardText.addEventListener('input', () => this.readBoardText());
    this.goalText.addEventListener('input', () => this.readGoalText());
    this.goal = Board.solved(3, 3);
    this.board = this.goal;
    this.showBoardText();
  }

  get mode() {
    return this.form.querySelector('input[name="mode"]:checked').value;
  }

  /** The ratio of bounded mode, or null in the other modes (the service refuses a ratio there). */
  get ratio() {
    return this.mode === 'bounded' ? parseRatio(this.ratioField.value) : null;
  }

  /** The time limit typed, in whole seconds, or null for the service's budget. */
  get maxSeconds() {
    const text = this.maxSecondsField.value.trim();
    return text === '' ? null : Number(text);
  }

  /** The goal as the service expects it, or null for the default goal. */
  get goalForRequest() {
    return this.goal.equals(Board.solved(this.goal.rows, this.goal.cols)) ? null : this.goal.toString();
  }

  /** The first text box holding text that is not a board, or null when both are fine. */
  get invalidField() {
    if (this.boardText.getAttribute('aria-invalid') === 'true') {
      return this.boardText;
    }
    if (this.goalText.getAttribute('aria-invalid') === 'true') {
      return this.goalText;
    }
    return this.ratioField.getAttribute('aria-invalid') === 'true' ? this.ratioField : null;
  }

  /** Replaces the board (a move, a shuffle, a loaded job); a board of another shape brings its default goal. */
  setBoard(board, { fromText = false } = {}) {
    if (!board.sameShape(this.goal)) {
      this.setGoal(Board.solved(board.rows, board.cols));
      this.rows.value = String(board.rows);
      this.cols.value = String(board.cols);
      this.scrambleKind.value = defaultScramble(board);
    }
    this.board = board;
    if (!fromText) {
      this.showBoardText();
    }
    this.onChange(this);
  }

  /** Loads a job's board, goal and mode, as the service normalised them. */
  loadJob(job) {
    this.setBoard(Board.fromNormalised(job.rows, job.cols, job.board));
    this.setGoal(Board.fromNormalised(job.rows, job.cols, job.goal));
    this.goalDetails.open = this.goalForRequest !== null;
    const mode = this.form.querySelector(`input[name="mode"][value="${job.mode}"]`);
    if (mode) {
      mode.checked = true;
    }
    this.ratioField.value = String(job.ratio ?? DEFAULT_RATIO);
    this.readRatio();
    this.onChange(this);
  }

  changeShape() {
    const goal = Board.solved(Number(this.rows.value), Number(this.cols.value));
    this.setBoard(goal);
  }

  shuffle() {
    const kind = this.scrambleKind.value;
    this.setBoard(kind === 'random' ? randomSolvable(this.goal) : randomWalk(this.goal, Number(kind)));
  }

  setGoal(goal) {
    this.goal = goal;
    const isDefault = goal.equals(Board.solved(goal.rows, goal.cols));
    this.goalText.value = isDefault ? '' : goal.toRowsText();
    markValid(this.goalText, this.goalTextError);
  }

  readBoardText() {
    try {
      const board = parseBoardForShape(this.boardText.value, Number(this.rows.value), Number(this.cols.value));
      markValid(this.boardText, this.boardTextError);
      this.setBoard(board, { fromText: true });
    } catch (e) {
      markInvalid(this.boardText, this.boardTextError, e.message);
    }
  }

  readGoalText() {
    try {
      this.goal = parseGoal(this.goalText.value, this.board.rows, this.board.cols);
      markValid(this.goalText, this.goalTextError);
      this.onChange(this);
    } catch (e) {
      markInvalid(this.goalText, this.goalTextError, e.message);
    }
  }

  /** Enables the ratio only in bounded mode, and checks it there. */
  readRatio() {
    const bounded = this.mode === 'bounded';
    this.ratioField.disabled = !bounded;
    try {
      if (bounded) {
        parseRatio(this.ratioField.value);
      }
      markValid(this.ratioField, this.ratioError);
    } catch (e) {
      markInvalid(this.ratioField, this.ratioError, e.message);
    }
  }

  showBoardText() {
    this.boardText.value = this.board.toRowsText();
    markValid(this.boardText, this.boardTextError);
  }
}

function defaultScramble(board) {
  return board.size <= RANDOM_SCRAMBLE_MAX_CELLS ? 'random' : WALK_SCRAMBLE_DEFAULT;
}

function markValid(field, message) {
  field.removeAttribute('aria-invalid');
  message.textContent = '';
}

function markInvalid(field, message, text) {
  field.setAttribute('aria-invalid', 'true');
  message.textContent = text;
}
