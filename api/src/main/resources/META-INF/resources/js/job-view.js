// Shows a job's state, the problems the service reports, and the list of recent jobs, in plain words.

import { guaranteeText } from './ratio.js';

const STATUS_WORDS = {
  QUEUED: 'Queued: waiting for a worker',
  RUNNING: 'Running: a worker is solving it',
  DONE: 'Done',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

const BUDGET_EXCEEDED = 'urn:npuzzle:problem:budget-exceeded';

export class JobView {
  constructor(statusElement, errorElement, recentList, recentEmpty, onPickJob) {
    this.statusElement = statusElement;
    this.errorElement = errorElement;
    this.recentList = recentList;
    this.recentEmpty = recentEmpty;
    recentList.addEventListener('click', (event) => {
      const button = event.target.closest('[data-job-id]');
      if (button) {
        onPickJob(button.dataset.jobId);
      }
    });
  }

  /** Shows where a job stands and, once it is DONE, what the answer was. */
  showJob(job) {
    const lines = [
      el('p', { className: 'job-id' }, 'Job ', el('code', {}, job.id)),
      el('p', {},
        el('span', { className: `badge status-${job.status.toLowerCase()}` }, job.status),
        ' ', job.retrying ? 'Connection lost, trying again...' : STATUS_WORDS[job.status] ?? ''),
    ];
    if (job.status === 'RUNNING' && job.progress) {
      lines.push(describeProgress(job.progress));
    }
    if (job.status === 'DONE' && job.result) {
      lines.push(...describeResult(job.result));
    }
    this.statusElement.replaceChildren(...lines);
    // On the stable container too, for scripts and tests that watch the state change.
    this.statusElement.dataset.status = job.status;
    this.statusElement.dataset.jobId = job.id;
    if (job.status === 'FAILED') {
      this.showProblem(job.error ?? { title: 'The job failed', detail: 'the service gave no reason' },
        job.error?.type === BUDGET_EXCEEDED
          ? 'The search ran out of its budget. Try "A fast answer", or a board closer to the goal.'
          : null);
    } else {
      this.clearProblem();
    }
  }

  /** Shows an RFC 9457 problem: its title, its detail, and optionally what to try next. */
  showProblem(problem, advice = null) {
    const parts = [el('p', { className: 'problem-title' }, problem.title || 'Error')];
    if (problem.detail) {
      parts.push(el('p', { dataset: { testid: 'problem-detail' } }, problem.detail));
    }
    if (advice) {
      parts.push(el('p', { className: 'advice' }, advice));
    }
    this.errorElement.replaceChildren(...parts);
  }

  clearProblem() {
    this.errorElement.replaceChildren();
  }

  showRecent(jobs, currentId) {
    this.recentEmpty.hidden = jobs.length > 0;
    this.recentList.replaceChildren(...jobs.map((job) => {
      const summary = job.status === 'DONE'
        ? (job.solvable === false ? 'unsolvable' : `${job.length} moves`)
        : job.status.toLowerCase();
      const button = el('button', {
        type: 'button',
        className: 'recent-job',
        title: `Show job ${job.id}`,
        dataset: { jobId: job.id, testid: 'recent-job' },
      },
      el('span', { className: 'recent-shape' }, `${job.rows}x${job.cols}`),
      el('span', { className: 'recent-summary' }, summary),
      el('code', { className: 'recent-id' }, job.id.slice(0, 8)));
      if (job.id === currentId) {
        button.setAttribute('aria-current', 'true');
      }
      return el('li', {}, button);
    }));
  }
}

function describeResult(result) {
  if (!result.solvable) {
    return [el('p', { className: 'verdict unsolvable', dataset: { testid: 'verdict' } },
      'Unsolvable: no sequence of moves reaches the goal from this board (the tile parity differs).')];
  }
  const length = result.length === 0 ? 'Already at the goal' : `Solved in ${result.length} move${result.length === 1 ? '' : 's'}`;
  const facts = [
    guaranteeText(result),
    result.cached ? 'from the cache' : null,
    `solve ${formatMillis(result.solveMillis)}`,
    // Boards answered from an exact table expand no search nodes; saying "0 nodes" would only puzzle.
    result.expanded > 0 ? `${Number(result.expanded).toLocaleString('en')} nodes expanded` : null,
  ].filter(Boolean);
  return [
    el('p', { className: 'verdict', dataset: { testid: 'verdict' } }, length),
    el('p', { className: 'facts' }, facts.join(' · ')),
  ];
}

/**
 * Where a long search stands, as its worker (its coordinator, when shared by several) last reported it; before it
 * starts, the pattern databases it waits for.
 */
function describeProgress(progress) {
  if (progress.databases) {
    const wait = progress.databases;
    const building = wait.building === null ? '' : `, the next ${Math.round(wait.building * 100)} % built`;
    return el('p', { className: 'facts', dataset: { testid: 'progress' } },
      `waiting for the ${wait.databases} pattern databases: ${wait.stored} of ${wait.total} stored${building} · `
      + `${(progress.elapsedMillis / 1000).toFixed(1)} s (built once, then shared by every worker)`);
  }
  const shared = progress.tasks
    ? ` · tasks ${progress.tasksDone}/${progress.tasks} · ${progress.workers} workers`
    : '';
  return el('p', { className: 'facts', dataset: { testid: 'progress' } },
    `searching: ${certificateText(progress)}bound ${progress.bound} · `
    + `${Number(progress.nodes).toLocaleString('en')} nodes · `
    + `${(progress.elapsedMillis / 1000).toFixed(1)} s${shared}`);
}

/** The best answer held so far, the proven lower bound and the gap between them: "best 104 · at least 96 · gap 8.3 % · ". */
function certificateText(progress) {
  const best = typeof progress.bestLength === 'number' ? `best ${progress.bestLength} · ` : '';
  const lower = typeof progress.lowerBound === 'number' ? `at least ${progress.lowerBound} · ` : '';
  const gap = best && lower && progress.lowerBound > 0
    ? `gap ${(100 * (progress.bestLength - progress.lowerBound) / progress.lowerBound).toFixed(1)} % · ` : '';
  return best + lower + gap;
}

function formatMillis(millis) {
  return millis < 10 ? `${Number(millis).toFixed(2)} ms` : `${Math.round(millis).toLocaleString('en')} ms`;
}

/** A small element builder: properties (dataset merged), then children (text or nodes). */
function el(tag, props, ...children) {
  const element = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(element, rest);
  Object.assign(element.dataset, dataset ?? {});
  element.append(...children);
  return element;
}
