/**
 * The state of every request written to one process, by sequence number (`r<seq>`, from 1):
 * in flight, answered, or failed (timed out, charged with a malformed line, or lost to a crash).
 * Requests are written in sequence order, so send times increase with the sequence number and
 * the oldest request in flight is always the one to time out first: one sweep walks forward from
 * it instead of keeping a timer per request.
 */
export const IN_FLIGHT = 1;
export const ANSWERED = 2;
export const FAILED = 3;
type RequestState = 0 | typeof IN_FLIGHT | typeof ANSWERED | typeof FAILED;

export class RequestTable {
  private state = new Uint8Array(1024);
  private sentAt = new Float64Array(1024);
  private next = 1;
  private oldest = 1;
  private flying = 0;

  /** The sequence number the next written request gets. */
  get nextSeq(): number {
    return this.next;
  }

  get inFlight(): number {
    return this.flying;
  }

  /** Records `count` requests written at `now`; returns the first one's sequence number. */
  send(count: number, now: number): number {
    const first = this.next;
    const end = first + count;
    if (end > this.state.length) this.grow(end);
    this.state.fill(IN_FLIGHT, first, end);
    this.sentAt.fill(now, first, end);
    this.next = end;
    this.flying += count;
    return first;
  }

  stateOf(seq: number): RequestState {
    return seq >= 1 && seq < this.next ? (this.state[seq] as RequestState) : 0;
  }

  /** Moves an in-flight request to `ANSWERED` or `FAILED`; false when it was not in flight. */
  settle(seq: number, to: typeof ANSWERED | typeof FAILED): boolean {
    if (this.stateOf(seq) !== IN_FLIGHT) return false;
    this.state[seq] = to;
    this.flying--;
    return true;
  }

  oldestInFlight(): number | null {
    while (this.oldest < this.next && this.state[this.oldest] !== IN_FLIGHT) this.oldest++;
    return this.oldest < this.next ? this.oldest : null;
  }

  /** Fails every request in flight written at or before `cutoff`, oldest first. */
  expire(cutoff: number, onExpired: (seq: number) => void): void {
    for (
      let seq = this.oldestInFlight();
      seq !== null && (this.sentAt[seq] as number) <= cutoff;
      seq = this.oldestInFlight()
    ) {
      this.settle(seq, FAILED);
      onExpired(seq);
    }
  }

  /** Fails every request in flight, oldest first. */
  failAll(onFailed: (seq: number) => void): void {
    for (let seq = this.oldestInFlight(); seq !== null; seq = this.oldestInFlight()) {
      this.settle(seq, FAILED);
      onFailed(seq);
    }
  }

  private grow(min: number): void {
    let size = this.state.length;
    while (size < min) size *= 2;
    const state = new Uint8Array(size);
    state.set(this.state);
    const sentAt = new Float64Array(size);
    sentAt.set(this.sentAt);
    this.state = state;
    this.sentAt = sentAt;
  }
}
