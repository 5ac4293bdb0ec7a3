// Long work done in memory (reading an uploaded file, writing a calendar) holds the event loop
// for as long as it runs: every other request of every company waits. Such work lets the loop
// run between its pieces.

/** Resolves once the event loop has had a turn: what waits on it (sockets, timers) runs first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Each of `parts`, made only as it is read, with a turn of the event loop after each. */
export async function* inTurns<T>(parts: Iterable<T>): AsyncGenerator<T> {
  for (const part of parts) {
    yield part;
    await nextTurn();
  }
}
