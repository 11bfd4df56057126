// The board model: an immutable arrangement of tiles 1..N-1 and a blank (0), row by row.
// Moves follow the service's convention: the letter names the direction the BLANK travels.

export const MIN_SIDE = 2;
export const MAX_SIDE = 8;

const DIRECTIONS = {
  u: { dRow: -1, dCol: 0, name: 'up' },
  d: { dRow: 1, dCol: 0, name: 'down' },
  l: { dRow: 0, dCol: -1, name: 'left' },
  r: { dRow: 0, dCol: 1, name: 'right' },
};

export const MOVE_LETTERS = Object.keys(DIRECTIONS);

export function moveName(letter) {
  return DIRECTIONS[letter].name;
}

export function oppositeMove(letter) {
  return { u: 'd', d: 'u', l: 'r', r: 'l' }[letter];
}

export class Board {
  constructor(rows, cols, tiles) {
    this.rows = rows;
    this.cols = cols;
    this.tiles = Object.freeze([...tiles]);
    this.blank = this.tiles.indexOf(0);
    Object.freeze(this);
  }

  /** The default goal: 1..N-1 row by row, blank last. */
  static solved(rows, cols) {
    const n = rows * cols;
    return new Board(rows, cols, Array.from({ length: n }, (_, i) => (i + 1) % n));
  }

  /** A board in the service's normalised form (tiles separated by single spaces, blank as 0). */
  static fromNormalised(rows, cols, text) {
    return new Board(rows, cols, text.split(' ').map(Number));
  }

  get size() {
    return this.tiles.length;
  }

  row(cell) {
    return Math.floor(cell / this.cols);
  }

  col(cell) {
    return cell % this.cols;
  }

  /** Cell the blank reaches with the move, or -1 when it would leave the board. */
  neighbour(cell, letter) {
    const { dRow, dCol } = DIRECTIONS[letter];
    const r = this.row(cell) + dRow;
    const c = this.col(cell) + dCol;
    return r < 0 || r >= this.rows || c < 0 || c >= this.cols ? -1 : r * this.cols + c;
  }

  canMove(letter) {
    return this.neighbour(this.blank, letter) >= 0;
  }

  /** The board after one blank move; throws when the move leaves the board. */
  move(letter) {
    const target = this.neighbour(this.blank, letter);
    if (target < 0) {
      throw new Error(`the blank cannot move ${moveName(letter)}`);
    }
    const next = [...this.tiles];
    next[this.blank] = next[target];
    next[target] = 0;
    return new Board(this.rows, this.cols, next);
  }

  /**
   * The blank moves that slide the tile in {@code cell} (and any tiles between it and the blank) into the
   * blank: empty when the cell shares neither row nor column with the blank.
   */
  movesToSlide(cell) {
    const dRow = this.row(cell) - this.row(this.blank);
    const dCol = this.col(cell) - this.col(this.blank);
    if (cell === this.blank || (dRow !== 0 && dCol !== 0)) {
      return '';
    }
    const letter = dRow < 0 ? 'u' : dRow > 0 ? 'd' : dCol < 0 ? 'l' : 'r';
    return letter.repeat(Math.abs(dRow) + Math.abs(dCol));
  }

  /** The board after a sequence of move letters. */
  apply(moves) {
    let board = this;
    for (const letter of moves) {
      board = board.move(letter);
    }
    return board;
  }

  /**
   * Whether the goal can be reached, by permutation parity: each move flips both the parity of the cell
   * permutation and that of the blank's distance to its goal cell, so the two must agree.
   */
  canReach(goal) {
    const goalCell = new Array(this.size);
    goal.tiles.forEach((tile, cell) => { goalCell[tile] = cell; });
    const visited = new Array(this.size).fill(false);
    let cycles = 0;
    for (let cell = 0; cell < this.size; cell++) {
      if (!visited[cell]) {
        cycles++;
        for (let c = cell; !visited[c]; c = goalCell[this.tiles[c]]) {
          visited[c] = true;
        }
      }
    }
    const permutationParity = (this.size - cycles) % 2;
    const blankDistance = Math.abs(this.row(this.blank) - goal.row(goal.blank))
      + Math.abs(this.col(this.blank) - goal.col(goal.blank));
    return permutationParity === blankDistance % 2;
  }

  sameShape(other) {
    return this.rows === other.rows && this.cols === other.cols;
  }

  equals(other) {
    return this.sameShape(other) && this.tiles.every((tile, i) => tile === other.tiles[i]);
  }

  /** The normalised text form the service uses: tiles separated by spaces, blank as 0. */
  toString() {
    return this.tiles.join(' ');
  }

  /** One line per row, for the text box. */
  toRowsText() {
    const lines = [];
    for (let r = 0; r < this.rows; r++) {
      lines.push(this.tiles.slice(r * this.cols, (r + 1) * this.cols).join(' '));
    }
    return lines.join('\n');
  }
}
