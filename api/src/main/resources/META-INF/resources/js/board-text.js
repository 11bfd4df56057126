// Reads typed or pasted boards with the same rules and messages as the service's parser, so most mistakes
// are caught before a request is sent; the service still has the last word.

import { Board, MAX_SIDE, MIN_SIDE } from './board.js';

const MAX_TEXT_LENGTH = 1024;
const MAX_TILES = MAX_SIDE * MAX_SIDE;
const COMPACT_LENGTH = 9;
// As in the service's parser: ASCII space, tab, CR, LF and comma only (JavaScript's \s and Java's white space each
// take other characters too, and not the same ones).
const SEPARATORS = /[ \t\r\n,]+/;
const SPACE = /^[ \t\r\n]*$/;
const EDGE_SPACE = /^[ \t\r\n]+|[ \t\r\n]+$/g;

export class BoardTextError extends Error {}

/**
 * Parses a board; rows and cols may be null (then the board must be square).
 * Throws BoardTextError with a message for the user.
 */
export function parseBoard(text, rows = null, cols = null) {
  const tiles = tokens(text, rows, cols);
  const shape = inferShape(tiles.length, rows, cols);
  return boardOf(shape.rows, shape.cols, tiles);
}

/** Parses a goal for the given shape; the default goal when the text is blank. */
export function parseGoal(text, rows, cols) {
  if (!text || SPACE.test(text)) {
    return Board.solved(rows, cols);
  }
  try {
    return parseBoard(text, rows, cols);
  } catch (e) {
    throw new BoardTextError(`invalid goal: ${e.message}`);
  }
}

/**
 * Parses a board for the chosen shape; a pasted board with another number of tiles is accepted when it is
 * square, so pasting a 4x4 board while 3x3 is chosen just works. Otherwise the message is about the chosen shape.
 */
export function parseBoardForShape(text, rows, cols) {
  try {
    return parseBoard(text, rows, cols);
  } catch (shapedError) {
    try {
      return parseBoard(text);
    } catch {
      throw shapedError;
    }
  }
}

function tokens(text, rows, cols) {
  if (!text || SPACE.test(text)) {
    throw new BoardTextError('the board is empty');
  }
  if (text.length > MAX_TEXT_LENGTH) {
    throw new BoardTextError(`the board text is longer than ${MAX_TEXT_LENGTH} characters`);
  }
  const stripped = text.replace(EDGE_SPACE, '');
  // Nine characters without separators are a 3x3 board written compactly (23415x768).
  if (stripped.length === COMPACT_LENGTH && !SEPARATORS.test(stripped)
      && (rows === null || rows === 3) && (cols === null || cols === 3)) {
    return [...stripped].map(tile);
  }
  const words = stripped.split(SEPARATORS).filter((word) => word.length > 0);
  if (words.length > MAX_TILES) {
    throw new BoardTextError(`too many tiles: a board has at most ${MAX_TILES}`);
  }
  return words.map(tile);
}

function tile(word) {
  if (word.length === 1 && 'xX_'.includes(word)) {
    return 0;
  }
  if (!/^[0-9]+$/.test(word)) {
    throw new BoardTextError(`unknown token '${echo(word)}' (tiles are numbers; the blank is x, X, 0 or _)`);
  }
  const value = Number(word);
  if (value > MAX_TILES) {
    throw new BoardTextError(`tile ${echo(word)} is out of range`);
  }
  return value;
}

function inferShape(count, rows, cols) {
  if (rows !== null && cols !== null) {
    return { rows: checkSide('rows', rows), cols: checkSide('cols', cols) };
  }
  if (rows !== null) {
    checkSide('rows', rows);
    checkFills(count, rows, 'rows');
    return { rows, cols: checkSide('cols', count / rows) };
  }
  if (cols !== null) {
    checkSide('cols', cols);
    checkFills(count, cols, 'columns');
    return { rows: checkSide('rows', count / cols), cols };
  }
  const side = Math.round(Math.sqrt(count));
  if (side * side !== count) {
    throw new BoardTextError(
      `cannot infer the shape of ${count} tiles: give rows and cols for a non-square board`);
  }
  return { rows: checkSide('rows', side), cols: checkSide('cols', side) };
}

function checkSide(name, value) {
  if (value < MIN_SIDE || value > MAX_SIDE) {
    throw new BoardTextError(`${name} must be between ${MIN_SIDE} and ${MAX_SIDE}, got ${value}`);
  }
  return value;
}

function checkFills(count, side, what) {
  if (count % side !== 0) {
    throw new BoardTextError(`${count} tiles do not fill a board with ${side} ${what}`);
  }
}

function boardOf(rows, cols, tiles) {
  const n = rows * cols;
  if (tiles.length !== n) {
    throw new BoardTextError(
      `expected ${n} tiles for a ${rows}x${cols} board, got ${tiles.length}${missingTiles(tiles, n)}`);
  }
  const seen = new Array(n).fill(false);
  for (const value of tiles) {
    if (value >= n) {
      throw new BoardTextError(`tile ${value} is out of range 1..${n - 1} for a ${rows}x${cols} board`);
    }
    if (seen[value]) {
      throw new BoardTextError(value === 0 ? 'more than one blank' : `duplicate tile ${value}`);
    }
    seen[value] = true;
  }
  return new Board(rows, cols, tiles);
}

/** Names what a short tile list lacks, when it is a few plain omissions. */
function missingTiles(tiles, n) {
  if (tiles.length >= n || n - tiles.length > 3) {
    return '';
  }
  const seen = new Array(n).fill(false);
  for (const value of tiles) {
    if (value >= n || seen[value]) {
      return '';
    }
    seen[value] = true;
  }
  const missing = [];
  seen.forEach((present, value) => {
    if (!present) {
      missing.push(value === 0 ? 'the blank' : `tile ${value}`);
    }
  });
  return ` (missing ${missing.join(', ')})`;
}

/** Echoes at most a few characters of user input, control characters replaced. */
function echo(word) {
  const shown = word.length > 12 ? `${word.slice(0, 12)}...` : word;
  return shown.replace(/\p{Cc}/gu, '?');
}
