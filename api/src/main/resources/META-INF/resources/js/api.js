// The job API client. Every error the service sends is an RFC 9457 problem; anything else (a proxy's HTML
// page, a dropped connection) is turned into one here so the page has a single way to show errors.

import { authorization, storedKey } from './api-key.js';

const JOBS = '/api/v1/jobs';
/** Longest wait the service accepts for a long poll by default (npuzzle.api.max-wait). */
export const MAX_WAIT_SECONDS = 30;

export class ProblemError extends Error {
  constructor(problem) {
    super(problem.detail || problem.title || 'request failed');
    this.problem = problem;
  }
}

export const FINISHED = new Set(['DONE', 'FAILED', 'CANCELLED']);

/** Submits a board; resolves to the job (QUEUED, or already DONE when the answer was cached). */
export async function submitJob({ board, rows, cols, goal, mode, ratio, maxSeconds }, signal) {
  const body = { board, rows, cols, mode };
  if (goal) {
    body.goal = goal;
  }
  if (ratio !== null && ratio !== undefined) {
    body.ratio = ratio;
  }
  if (maxSeconds !== null && maxSeconds !== undefined) {
    body.maxSeconds = maxSeconds;
  }
  return request(JOBS, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}

/** The job now, or, with waitSeconds, as soon as it finishes or the wait runs out (long poll). */
export async function getJob(id, waitSeconds = 0, signal) {
  const wait = waitSeconds > 0 ? `?wait=${Math.min(waitSeconds, MAX_WAIT_SECONDS)}` : '';
  return request(`${JOBS}/${encodeURIComponent(id)}${wait}`, { headers: { Accept: 'application/json' }, signal });
}

/**
 * Follows a job from the state given until it finishes, reporting each change: by its live events (Server-Sent
 * Events, with the search's progress) where the browser has EventSource, by long poll otherwise or when the event
 * stream cannot be opened (the long poll then says why, as a problem). With an API key, by long poll too: an
 * EventSource cannot send the key.
 */
export async function followJob(job, onUpdate, signal) {
  if (FINISHED.has(job.status) || typeof EventSource === 'undefined' || storedKey()) {
    return pollJob(job, onUpdate, signal);
  }
  const current = await streamJob(job, onUpdate, signal);
  return FINISHED.has(current.status) ? current : pollJob(current, onUpdate, signal);
}

/**
 * Follows a job's event stream until its final status, or until the stream fails for good (the job as last seen
 * is then returned, unfinished). A dropped connection is reopened by the EventSource itself, which sends the last
 * event's id so that the service resumes after it.
 */
function streamJob(job, onUpdate, signal) {
  return new Promise((resolve, reject) => {
    let current = job;
    const source = new EventSource(`${JOBS}/${encodeURIComponent(job.id)}/events`);
    const stop = () => source.close();
    signal?.addEventListener('abort', () => {
      stop();
      reject(signal.reason);
    }, { once: true });
    const onEvent = (event) => {
      current = JSON.parse(event.data);
      onUpdate(current);
      if (FINISHED.has(current.status)) {
        stop();
        resolve(current);
      }
    };
    source.addEventListener('status', onEvent);
    source.addEventListener('progress', onEvent);
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        resolve(current);
      } else if (!current.retrying) {
        current = { ...current, retrying: true };
        onUpdate(current);
      }
    });
  });
}

/**
 * Follows a job by long poll from the state given until it finishes, reporting each change. The long poll only
 * returns early when the job finishes, so the first waits are short (a QUEUED job turning RUNNING shows within a
 * second or two) and later ones longer. Network failures are retried with a growing pause (reported with `retrying:
 * true`); problems from the service end the wait.
 */
async function pollJob(job, onUpdate, signal) {
  let current = job;
  let wait = 1;
  let pause = 500;
  while (!FINISHED.has(current.status)) {
    try {
      const next = await getJob(current.id, wait, signal);
      wait = Math.min(wait * 2, 20);
      pause = 500;
      if (next.status !== current.status || current.retrying) {
        onUpdate(next);
      }
      current = next;
    } catch (e) {
      if (e instanceof ProblemError || signal?.aborted) {
        throw e;
      }
      current = { ...current, retrying: true };
      onUpdate(current);
      await delay(pause, signal);
      pause = Math.min(pause * 2, 8000);
    }
  }
  return current;
}

async function request(url, init) {
  const response = await fetch(url, { ...init, headers: { ...init.headers, ...authorization() } });
  const type = response.headers.get('Content-Type') || '';
  const body = type.includes('json') ? await response.json().catch(() => null) : null;
  if (response.ok && body) {
    return body;
  }
  throw new ProblemError(body && (body.title || body.detail) ? body : {
    title: response.ok ? 'Unexpected answer' : `HTTP ${response.status}`,
    status: response.status,
    detail: response.statusText || 'the service sent an answer the page cannot read',
  });
}

function delay(millis, signal) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, millis);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
