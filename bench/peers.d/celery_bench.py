"""Celery doing what bench/load asks of our service: a random solvable 3x3 board in, its optimal answer stored by
task id in the Redis result backend, completion observed by the producer with AsyncResult.get().

bench/peers starts the worker (celery -A celery_bench worker, PEERS_REDIS_URL naming its Redis), then runs this
file as the producer:
    python3 celery_bench.py [--clients 32] [--jobs 5000] [--rates R1,R2,...] [--seconds 10]
Each closed-loop client is a thread with a Celery app of its own: a result consumer shared between threads mixes
their replies up. In an open loop one thread sends on schedule (an app without a result backend, so that it
subscribes to nothing it would not read) and a pool of waiter threads, each with its own app, takes the tasks in
the order sent and waits for each. Prints a line a pass on standard output:
    result TAB pass TAB clients-or-rate TAB jobs TAB jobs/s TAB p50 TAB p99 TAB p99.9 TAB failures
(milliseconds); progress goes to standard error.
"""
import argparse
import math
import os
import queue
import random
import sys
import threading
import time

from celery import Celery, signals

REDIS_URL = os.environ.get('PEERS_REDIS_URL', 'redis://127.0.0.1:6379/0')
SETTINGS = dict(task_serializer='json', result_serializer='json', accept_content=['json'])
GOAL = bytes([1, 2, 3, 4, 5, 6, 7, 8, 0])
NEIGHBOURS = [[c for c in (cell - 3, cell + 3, cell - 1 if cell % 3 else -1, cell + 1 if cell % 3 < 2 else -1)
               if 0 <= c < 9] for cell in range(9)]
WAITERS = 64

app = Celery('celery_bench', broker=REDIS_URL, backend=REDIS_URL)
app.conf.update(SETTINGS)
distance = None


def distance_table():
    """Moves from every solvable board to the goal: a breadth-first search from the goal over its 181,440 boards."""
    table = {GOAL: 0}
    frontier = [GOAL]
    depth = 0
    while frontier:
        depth += 1
        following = []
        for board in frontier:
            blank = board.index(0)
            for cell in NEIGHBOURS[blank]:
                tiles = bytearray(board)
                tiles[blank], tiles[cell] = tiles[cell], 0
                tiles = bytes(tiles)
                if tiles not in table:
                    table[tiles] = depth
                    following.append(tiles)
        frontier = following
    return table


@signals.worker_init.connect
def build_table(**_):
    """Built once in the worker's main process, before it forks its pool, which shares it."""
    global distance
    distance = distance_table()


@app.task(name='celery_bench.solve')
def solve(board):
    """An optimal answer: the tiles slid, each move to a board one nearer the goal."""
    tiles = bytearray(int(t) for t in board.split())
    d = distance.get(bytes(tiles))
    if d is None:
        raise ValueError('not a solvable 3x3 board: ' + board)
    moves = []
    blank = tiles.index(0)
    while d > 0:
        for cell in NEIGHBOURS[blank]:
            tiles[blank], tiles[cell] = tiles[cell], 0
            if distance[bytes(tiles)] == d - 1:
                moves.append(tiles[blank])
                blank = cell
                d -= 1
                break
            tiles[cell], tiles[blank] = tiles[blank], 0
    return {'moves': moves, 'length': len(moves)}


def check(board, answer):
    """The answer slides the board to the goal."""
    tiles = [int(t) for t in board.split()]
    for tile in answer['moves']:
        blank, cell = tiles.index(0), tiles.index(tile)
        if cell not in NEIGHBOURS[blank]:
            raise ValueError('illegal move %d for %s' % (tile, board))
        tiles[blank], tiles[cell] = tile, 0
    if bytes(tiles) != GOAL:
        raise ValueError('the answer for %s does not reach the goal' % board)


seen = set()


def fresh_boards(count):
    """Distinct random solvable boards (an even number of inversions, the blank left out), none seen before."""
    boards = []
    tiles = list(range(9))
    while len(boards) < count:
        random.shuffle(tiles)
        inversions = sum(1 for i in range(9) for j in range(i + 1, 9) if tiles[i] and tiles[j] and tiles[j] < tiles[i])
        board = ' '.join(map(str, tiles))
        if inversions % 2 == 0 and board not in seen:
            seen.add(board)
            boards.append(board)
    return boards


def client_app(backend=True):
    client = Celery('celery_bench_client', broker=REDIS_URL, backend=REDIS_URL if backend else None)
    client.conf.update(SETTINGS)
    return client


def percentile(ordered, p):
    if not ordered:
        return 0.0
    return ordered[max(0, math.ceil(len(ordered) * p / 100) - 1)]


def report(pass_, load, jobs, rate, latencies, failures):
    ordered = sorted(latencies)
    p = ['%.2f' % percentile(ordered, q) for q in (50, 99, 99.9)]
    print('\t'.join(['result', pass_, str(load), str(jobs), '%.0f' % rate] + p + [str(failures)]), flush=True)
    print('celery: %s %s: %d jobs, %.0f jobs/s, p50 %s ms, p99 %s ms, p99.9 %s ms, %d failed'
          % (pass_, load, jobs, rate, p[0], p[1], p[2], failures), file=sys.stderr)


def closed(boards, clients):
    """Closed loop: each client sends a task and waits for its answer before the next."""
    latencies = []
    pending = iter(boards)
    lock = threading.Lock()
    errors = []

    def client():
        mine = client_app()
        try:
            while True:
                with lock:
                    board = next(pending, None)
                if board is None:
                    return
                t0 = time.perf_counter()
                check(board, mine.send_task('celery_bench.solve', args=[board]).get(timeout=120))
                latencies.append((time.perf_counter() - t0) * 1000)
        except Exception as e:  # reported once all clients are done
            errors.append(e)

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return latencies, len(boards) / (time.perf_counter() - started)


def open_loop(boards, rate):
    """Open loop: a task sent at each moment of a fixed schedule, whatever the answers' pace; each latency counted
    from the moment the schedule meant to send it (coordinated omission corrected)."""
    sender = client_app(backend=False)
    sent = queue.Queue()
    latencies = []
    failures = []
    last_done = [0.0]
    deadline = 60 + len(boards) / rate

    def waiter():
        mine = client_app()
        while True:
            item = sent.get()
            if item is None:
                return
            task_id, board, due = item
            try:
                check(board, mine.AsyncResult(task_id).get(timeout=deadline))
                now = time.perf_counter()
                latencies.append((now - due) * 1000)
                last_done[0] = max(last_done[0], now)
            except Exception:
                failures.append(board)

    threads = [threading.Thread(target=waiter) for _ in range(WAITERS)]
    for t in threads:
        t.start()
    period = 1.0 / rate
    started = time.perf_counter()
    for i, board in enumerate(boards):
        due = started + i * period
        wait = due - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        sent.put((sender.send_task('celery_bench.solve', args=[board]).id, board, due))
    for _ in threads:
        sent.put(None)
    for t in threads:
        t.join()
    return latencies, len(failures), len(latencies) / max(1e-9, last_done[0] - started)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--clients', type=int, default=32)
    parser.add_argument('--jobs', type=int, default=5000)
    parser.add_argument('--rates', default='')
    parser.add_argument('--seconds', type=int, default=10)
    opts = parser.parse_args()
    closed(fresh_boards(min(200, opts.jobs)), opts.clients)
    latencies, rate = closed(fresh_boards(opts.jobs), opts.clients)
    report('closed', opts.clients, opts.jobs, rate, latencies, 0)
    for r in [int(r) for r in opts.rates.split(',') if r]:
        n = r * opts.seconds
        latencies, failures, reached = open_loop(fresh_boards(n), r)
        report('open', r, n, reached, latencies, failures)


if __name__ == '__main__':
    main()
