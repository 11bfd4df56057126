// Wires the page together: the editor owns the board being set up, the player owns a loaded solution, and the
// board shows whichever is current. Submitting sends a job and follows it by its live events (by long poll where
// they cannot be had) until it finishes.

import { Board, moveName, oppositeMove } from './board.js';
import { BoardView } from './board-view.js';
import { Editor } from './editor.js';
import { Player } from './player.js';
import { PlayerView } from './player-view.js';
import { JobView } from './job-view.js';
import { FINISHED, ProblemError, followJob, getJob, submitJob } from './api.js';
import { recentJobs, rememberJob } from './recent-jobs.js';
import { storeKey, storedKey } from './api-key.js';

const byId = (id) => document.getElementById(id);
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

let currentJobId = null;
let following = null;

const boardView = new BoardView(byId('board'), byId('board-reading'), userMoves);
const player = new Player(() => {
  showBoard();
  playerView.render();
});
const playerView = new PlayerView(byId('player'), player);
const jobView = new JobView(byId('job-status'), byId('job-error'), byId('recent-jobs'), byId('recent-empty'), openJob);
const editor = new Editor(byId('setup'), () => {
  // Any edit makes a loaded solution meaningless for the board now shown.
  player.clear();
  playerView.render();
  showBoard();
});

byId('api-key').value = storedKey();
byId('api-key-details').open = storedKey() !== '';
byId('api-key').addEventListener('input', (event) => storeKey(event.target.value));

byId('setup').addEventListener('submit', (event) => {
  event.preventDefault();
  submit();
});

showBoard();
playerView.render();
jobView.showRecent(recentJobs(), null);

/** The board on screen: a step of the loaded solution, or the board being edited. */
function shownBoard() {
  return player.loaded ? player.board : editor.board;
}

function showBoard() {
  const board = shownBoard();
  boardView.render(board, slideMillis());
  byId('board-note').textContent = noteFor(board, editor.goal);
}

function slideMillis() {
  if (reducedMotion.matches) {
    return 0;
  }
  return player.playing ? Math.min(150, player.interval * 0.8) : 120;
}

function noteFor(board, goal) {
  if (board.equals(goal)) {
    return 'At the goal.';
  }
  if (!board.canReach(goal)) {
    return 'This board cannot reach the goal: its tile parity differs.';
  }
  const misplaced = board.tiles.filter((tile, cell) => tile !== 0 && tile !== goal.tiles[cell]).length;
  return `${misplaced} tile${misplaced === 1 ? '' : 's'} out of place.`;
}

/** A tile click or arrow key: edits from the board on screen, even when it is a step of a solution. */
function userMoves(moves) {
  const board = shownBoard();
  const slid = board.tiles[board.neighbour(board.blank, moves[0])];
  editor.setBoard(board.apply(moves));
  const count = moves.length === 1 ? `Tile ${slid}` : `${moves.length} tiles`;
  byId('move-announcer').textContent = `${count} slid ${moveName(oppositeMove(moves[0]))}.`;
}

async function submit() {
  const invalid = editor.invalidField;
  if (invalid) {
    invalid.focus();
    return;
  }
  const button = byId('submit');
  const signal = startFollowing();
  jobView.clearProblem();
  try {
    // Disabled only while sending, against double submits; a new board may be sent while a job runs.
    button.disabled = true;
    const job = await submitJob({
      board: editor.board.toString(),
      rows: editor.board.rows,
      cols: editor.board.cols,
      goal: editor.goalForRequest,
      mode: editor.mode,
      ratio: editor.ratio,
      maxSeconds: editor.maxSeconds,
    }, signal).finally(() => {
      button.disabled = false;
      // On a phone the job's state is below the form; bring it into view without jumping on a desktop.
      byId('job').scrollIntoView({ block: 'nearest' });
    });
    await track(job, signal);
  } catch (e) {
    showFailure(e, signal, 'The service did not accept the board.');
  }
}

/** Shows a job picked from the recent list, following it if it is still running. */
async function openJob(id) {
  const signal = startFollowing();
  jobView.clearProblem();
  try {
    const job = await getJob(id, 0, signal);
    editor.loadJob(job);
    await track(job, signal);
  } catch (e) {
    showFailure(e, signal, 'The job cannot be shown; jobs are kept for a limited time.');
  }
}

/** Abandons following the previous job (it keeps running on the service) and returns the new job's signal. */
function startFollowing() {
  following?.abort();
  following = new AbortController();
  return following.signal;
}

async function track(job, signal) {
  currentJobId = job.id;
  showJob(job);
  const finished = FINISHED.has(job.status) ? job : await followJob(job, showJob, signal);
  if (finished.status === 'DONE' && finished.result?.solvable && finished.result.moves !== null) {
    editor.loadJob(finished);
    player.load(Board.fromNormalised(finished.rows, finished.cols, finished.board), finished.result.moves);
  }
}

function showJob(job) {
  jobView.showJob(job);
  jobView.showRecent(rememberJob(job), currentJobId);
}

function showFailure(error, signal, advice) {
  if (signal.aborted) {
    return;
  }
  if (error instanceof ProblemError) {
    if (error.problem.status === 401) {
      byId('api-key-details').open = true;
      jobView.showProblem(error.problem, 'This service asks for an API key: enter it under "API key" and try again.');
      return;
    }
    jobView.showProblem(error.problem, error.problem.status === 400 ? null : advice);
  } else {
    jobView.showProblem({ title: 'Cannot reach the service', detail: error.message },
      'Check that the service is running, then try again.');
  }
}
