// BullMQ doing what bench/load asks of our service: a random solvable 3x3 board in, its optimal answer stored by
// job id (the job's return value, as BullMQ keeps it), completion observed by the producer through QueueEvents
// (job.waitUntilFinished). bench/peers installs BullMQ and runs this against a Redis of its own.
//   node bullmq-bench.mjs --redis PORT [--clients 32] [--jobs 5000] [--rates R1,R2,...] [--seconds 10]
//                         [--concurrency 32]
// The producer runs here; the Worker (that concurrency, jobs taken at once) in a second Node process forked from
// this file, so that solving does not share the producer's event loop. Prints a line a pass on standard output:
//   result TAB pass TAB clients-or-rate TAB jobs TAB jobs/s TAB p50 TAB p99 TAB p99.9 TAB failures
// (milliseconds); progress goes to standard error.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents, Worker } from 'bullmq';

const QUEUE = 'solve3x3';
const GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const FACTORIAL = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];
// Neighbours of each cell of a 3x3 board.
const NEIGHBOURS = [...Array(9).keys()].map((cell) => {
  const row = Math.floor(cell / 3);
  const col = cell % 3;
  const out = [];
  if (row > 0) out.push(cell - 3);
  if (row < 2) out.push(cell + 3);
  if (col > 0) out.push(cell - 1);
  if (col < 2) out.push(cell + 1);
  return out;
});

function options(argv) {
  const opts = { redis: 0, clients: 32, jobs: 5000, rates: [], seconds: 10, concurrency: 32 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in opts) || argv[i + 1] === undefined) throw new Error(`unknown option ${argv[i]}`);
    opts[name] = name === 'rates' ? argv[i + 1].split(',').map(Number) : Number(argv[i + 1]);
  }
  return opts;
}

// A permutation's index among the 9! orders (Lehmer code), for a flat distance table.
function rank(tiles) {
  let r = 0;
  for (let i = 0; i < 8; i++) {
    let smaller = 0;
    for (let j = i + 1; j < 9; j++) if (tiles[j] < tiles[i]) smaller++;
    r += smaller * FACTORIAL[8 - i];
  }
  return r;
}

function unrank(r, tiles) {
  const left = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  for (let i = 0; i < 9; i++) {
    const f = FACTORIAL[8 - i];
    const k = Math.floor(r / f);
    r %= f;
    tiles[i] = left.splice(k, 1)[0];
  }
}

// Moves from every solvable board to the goal: a breadth-first search from the goal over its 181,440 boards.
function distanceTable() {
  const distance = new Uint8Array(362880).fill(255);
  const queue = new Int32Array(181440);
  const tiles = new Array(9);
  let head = 0;
  let tail = 0;
  const goal = rank(GOAL);
  distance[goal] = 0;
  queue[tail++] = goal;
  while (head < tail) {
    const r = queue[head++];
    unrank(r, tiles);
    const blank = tiles.indexOf(0);
    for (const cell of NEIGHBOURS[blank]) {
      tiles[blank] = tiles[cell];
      tiles[cell] = 0;
      const next = rank(tiles);
      if (distance[next] === 255) {
        distance[next] = distance[r] + 1;
        queue[tail++] = next;
      }
      tiles[cell] = tiles[blank];
      tiles[blank] = 0;
    }
  }
  return distance;
}

// An optimal answer: the tiles slid, each move to a board one nearer the goal.
function solve(distance, board) {
  const tiles = board.trim().split(/\s+/).map(Number);
  let d = distance[rank(tiles)];
  if (tiles.length !== 9 || d === 255) throw new Error(`not a solvable 3x3 board: ${board}`);
  const moves = [];
  let blank = tiles.indexOf(0);
  while (d > 0) {
    for (const cell of NEIGHBOURS[blank]) {
      tiles[blank] = tiles[cell];
      tiles[cell] = 0;
      if (distance[rank(tiles)] === d - 1) {
        moves.push(tiles[blank]);
        blank = cell;
        d--;
        break;
      }
      tiles[cell] = tiles[blank];
      tiles[blank] = 0;
    }
  }
  return { moves, length: moves.length };
}

// The answer slides the board to the goal.
function check(board, answer) {
  const tiles = board.split(' ').map(Number);
  for (const tile of answer.moves) {
    const blank = tiles.indexOf(0);
    const cell = tiles.indexOf(tile);
    if (!NEIGHBOURS[blank].includes(cell)) throw new Error(`illegal move ${tile} for ${board}`);
    tiles[blank] = tile;
    tiles[cell] = 0;
  }
  if (tiles.join(' ') !== GOAL.join(' ')) throw new Error(`the answer for ${board} does not reach the goal`);
}

// Distinct random solvable boards (an even number of inversions, the blank left out), none seen before in this run.
const seen = new Set();
function freshBoards(count) {
  const boards = [];
  const tiles = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  while (boards.length < count) {
    for (let i = 8; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
    }
    let inversions = 0;
    for (let i = 0; i < 9; i++)
      for (let j = i + 1; j < 9; j++) if (tiles[i] && tiles[j] && tiles[j] < tiles[i]) inversions++;
    const board = tiles.join(' ');
    if (inversions % 2 === 0 && !seen.has(board)) {
      seen.add(board);
      boards.push(board);
    }
  }
  return boards;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

function report(pass, load, jobs, rate, latencies, failures) {
  const sorted = Float64Array.from(latencies).sort();
  const fields = [pass, load, jobs, rate.toFixed(0), ...[50, 99, 99.9].map((p) => percentile(sorted, p).toFixed(2)),
    failures];
  console.log(['result', ...fields].join('\t'));
  console.error(`bullmq: ${pass} ${load}: ${jobs} jobs, ${rate.toFixed(0)} jobs/s, p50 ${fields[4]} ms, ` +
    `p99 ${fields[5]} ms, p99.9 ${fields[6]} ms, ${failures} failed`);
}

// Closed loop: each client adds a job and waits for its answer before the next.
async function closed(queue, events, boards, clients) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < boards.length) {
      const board = boards[next++];
      const t0 = performance.now();
      const job = await queue.add('solve', { board });
      check(board, await job.waitUntilFinished(events, 60000));
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { latencies, rate: boards.length / ((performance.now() - started) / 1000) };
}

// Open loop: a job added at each moment of a fixed schedule, whatever the answers' pace; each latency counted from
// the moment the schedule meant to add it (coordinated omission corrected).
async function open(queue, events, boards, rate) {
  const n = boards.length;
  const period = 1000 / rate;
  const latencies = [];
  let failures = 0;
  let lastDone = 0;
  const waits = [];
  const started = performance.now();
  for (let i = 0; i < n;) {
    for (const now = performance.now(); i < n && started + i * period <= now; i++) {
      const due = started + i * period;
      const board = boards[i];
      waits.push(queue.add('solve', { board })
        .then((job) => job.waitUntilFinished(events, 60000 + (n / rate) * 1000))
        .then((answer) => {
          check(board, answer);
          const now = performance.now();
          latencies.push(now - due);
          lastDone = Math.max(lastDone, now);
        })
        .catch(() => failures++));
    }
    if (i < n) await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + i * period - performance.now())));
  }
  await Promise.all(waits);
  return { latencies, failures, rate: latencies.length / ((lastDone - started) / 1000) };
}

async function producer(opts) {
  const connection = { host: '127.0.0.1', port: opts.redis };
  const worker = fork(fileURLToPath(import.meta.url), ['worker', '--redis', opts.redis, '--concurrency', opts.concurrency],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('exit', (code) => reject(new Error(`the BullMQ worker exited (${code})`)));
  });
  const queue = new Queue(QUEUE, { connection });
  const events = new QueueEvents(QUEUE, { connection });
  // A listener a job in flight, on both: an open loop has thousands.
  queue.setMaxListeners(0);
  events.setMaxListeners(0);
  await events.waitUntilReady();
  await closed(queue, events, freshBoards(Math.min(200, opts.jobs)), opts.clients);
  const run = await closed(queue, events, freshBoards(opts.jobs), opts.clients);
  report('closed', opts.clients, opts.jobs, run.rate, run.latencies, 0);
  for (const rate of opts.rates) {
    const n = rate * opts.seconds;
    const step = await open(queue, events, freshBoards(n), rate);
    report('open', rate, n, step.rate, step.latencies, step.failures);
  }
  await events.close();
  await queue.close();
  worker.send('stop');
  await new Promise((resolve) => worker.once('exit', resolve));
}

async function worker(opts) {
  const distance = distanceTable();
  const w = new Worker(QUEUE, async (job) => solve(distance, job.data.board),
    { connection: { host: '127.0.0.1', port: opts.redis, maxRetriesPerRequest: null }, concurrency: opts.concurrency });
  await w.waitUntilReady();
  process.send('ready');
  // Stopped by the producer, or when it is gone.
  const stop = async () => {
    await w.close();
    process.exit(0);
  };
  process.on('message', stop);
  process.on('disconnect', stop);
}

const argv = process.argv.slice(2);
if (argv[0] === 'worker') {
  await worker(options(argv.slice(1)));
} else {
  await producer(options(argv));
}
