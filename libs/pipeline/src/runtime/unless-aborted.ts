/**
 * What `work` settles with, or the signal's reason as soon as it aborts, whichever comes first;
 * once `work` settles nothing of it is left on the signal.
 *
 * This is for a loop that waits on many steps while a failure that may never come can end it:
 * `Promise.race([step, failure])` with a failure still pending leaves a reaction on the failure
 * that holds the race's promise, and with it the step's result, until the failure settles, so a
 * loop of such races keeps every result it has waited for (a ZIP job, every payslip it rendered).
 */
export function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(signal.reason);
    signal.addEventListener('abort', aborted, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
  });
}
