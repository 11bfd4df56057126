// The ratio of bounded mode, with the service's rule: above 1, at most 3. Kept apart from the form so that
// node can test it.

export const MIN_RATIO = 1;
export const MAX_RATIO = 3;
export const DEFAULT_RATIO = 1.25;

/** The ratio typed, as a number; throws an Error saying what is wrong with the text. */
export function parseRatio(text) {
  const trimmed = String(text).trim();
  if (!/^[0-9]+(\.[0-9]+)?$/.test(trimmed)) {
    throw new Error('the ratio is a number such as 1.25');
  }
  const ratio = Number(trimmed);
  if (!(ratio > MIN_RATIO && ratio <= MAX_RATIO)) {
    throw new Error(`the ratio must be above ${MIN_RATIO} and at most ${MAX_RATIO}`);
  }
  return ratio;
}

/** What a DONE job's answer guarantees about its length, in words. */
export function guaranteeText(result) {
  if (result.optimal) {
    return 'shortest possible';
  }
  if (typeof result.bound === 'number' && typeof result.lowerBound === 'number') {
    return `at most ${Number(result.bound.toFixed(3))}× the shortest (which has at least ${result.lowerBound} moves)`;
  }
  if (typeof result.bound === 'number') {
    return `at most ${result.bound}× the shortest`;
  }
  return 'not proven shortest';
}
