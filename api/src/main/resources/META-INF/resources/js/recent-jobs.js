// The jobs submitted from this browser tab, newest first, kept in sessionStorage so a reload keeps them
// and another tab or a later visit does not see them.

const KEY = 'npuzzle.recentJobs';
const LIMIT = 20;

export function recentJobs() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY));
    return Array.isArray(saved) ? saved : [];
  } catch {
    return [];
  }
}

/** Adds the job or updates its entry (its status changes as it runs). */
export function rememberJob(job) {
  const entry = {
    id: job.id,
    status: job.status,
    rows: job.rows,
    cols: job.cols,
    length: job.result?.length ?? null,
    solvable: job.result?.solvable ?? null,
  };
  const saved = recentJobs();
  const jobs = saved.some((other) => other.id === job.id)
    ? saved.map((other) => (other.id === job.id ? entry : other))
    : [entry, ...saved].slice(0, LIMIT);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(jobs));
  } catch {
    // Storage full or disabled: the list is a convenience, the job itself is unaffected.
  }
  return jobs;
}
