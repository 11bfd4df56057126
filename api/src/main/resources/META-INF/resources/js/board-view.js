// Draws a board: one element per tile, kept across renders and placed by CSS variables, so a move is a
// CSS transition of the tiles that changed cells. Knows the DOM, not the rules.

import { moveName, oppositeMove } from './board.js';

/** Which blank move an arrow key asks for: the arrow names the way a tile slides into the blank. */
const ARROW_MOVES = { ArrowLeft: 'r', ArrowRight: 'l', ArrowUp: 'd', ArrowDown: 'u' };

export class BoardView {
  /**
   * @param element the board container
   * @param reading a visually hidden element that spells the board out row by row
   * @param onMoves called with the blank moves the user asked for (a tile click or an arrow key)
   */
  constructor(element, reading, onMoves) {
    this.element = element;
    this.reading = reading;
    this.tiles = new Map();
    this.shapeKey = '';
    element.addEventListener('click', (event) => {
      const tile = event.target.closest('[data-cell]');
      if (tile && this.board) {
        const moves = this.board.movesToSlide(Number(tile.dataset.cell));
        if (moves) {
          onMoves(moves);
        }
      }
    });
    element.addEventListener('keydown', (event) => {
      const letter = ARROW_MOVES[event.key];
      if (letter && this.board) {
        event.preventDefault();
        if (this.board.canMove(letter)) {
          onMoves(letter);
        }
      }
    });
  }

  /**
   * Shows a board.
   *
   * @param slideMillis how long a tile moved by one cell takes to slide (0 to jump)
   */
  render(board, slideMillis) {
    const previous = this.board;
    this.board = board;
    const shapeKey = `${board.rows}x${board.cols}`;
    if (shapeKey !== this.shapeKey) {
      this.rebuild(board);
      this.shapeKey = shapeKey;
    }
    // Slide only what a move can do; a shuffle or a jump through a solution redraws at once.
    const slides = previous !== undefined && previous.sameShape(board) && isOneStepApart(previous, board);
    this.element.style.setProperty('--slide-ms', `${slides ? slideMillis : 0}ms`);
    board.tiles.forEach((tile, cell) => this.place(this.tiles.get(tile), board, cell));
    this.reading.textContent = describe(board);
  }

  rebuild(board) {
    this.element.replaceChildren();
    this.tiles.clear();
    this.element.style.setProperty('--rows', board.rows);
    this.element.style.setProperty('--cols', board.cols);
    this.element.dataset.rows = board.rows;
    this.element.dataset.cols = board.cols;
    for (let tile = 1; tile < board.size; tile++) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'tile';
      button.tabIndex = -1; // the board takes the keyboard focus; tiles are for pointers
      button.textContent = tile;
      button.dataset.tile = tile;
      button.dataset.testid = 'tile';
      this.tiles.set(tile, button);
      this.element.append(button);
    }
    const blank = document.createElement('div');
    blank.className = 'tile blank';
    blank.dataset.tile = 0;
    blank.setAttribute('aria-hidden', 'true');
    this.tiles.set(0, blank);
    this.element.append(blank);
  }

  place(element, board, cell) {
    element.dataset.cell = cell;
    element.style.setProperty('--row', board.row(cell));
    element.style.setProperty('--col', board.col(cell));
    if (element.dataset.tile !== '0') {
      const slide = board.movesToSlide(cell);
      const movable = slide.length === 1;
      element.classList.toggle('movable', movable);
      element.setAttribute('aria-label', movable
        ? `Tile ${element.dataset.tile}, slides ${moveName(oppositeMove(slide))}`
        : `Tile ${element.dataset.tile}`);
    }
  }
}

/** Whether every tile stayed put or moved to a neighbouring cell. */
function isOneStepApart(before, after) {
  const cellBefore = new Array(before.size);
  before.tiles.forEach((tile, cell) => { cellBefore[tile] = cell; });
  return after.tiles.every((tile, cell) => {
    const from = cellBefore[tile];
    return Math.abs(before.row(from) - after.row(cell)) + Math.abs(before.col(from) - after.col(cell)) <= 1;
  });
}

function describe(board) {
  const rows = [];
  for (let r = 0; r < board.rows; r++) {
    const cells = board.tiles.slice(r * board.cols, (r + 1) * board.cols).map((t) => (t === 0 ? 'blank' : t));
    rows.push(`row ${r + 1}: ${cells.join(', ')}`);
  }
  return `Board ${board.rows} by ${board.cols}. ${rows.join('; ')}.`;
}
