// The events of the current message: fixed-size records (abi/message-event.ts) the host decodes
// after the message and renders as the SDK's events, in the order they happened — x/bank's coin
// movements, x/distribution's withdrawals and withdraw addresses, the tier events (REFERENCE.md
// §10). Names and addresses are the host's; the core writes ids, account ids, amounts and times.
// A message begins a fresh list (beginMessage); a block's own work records nothing (endMessage), so
// a run of empty blocks never grows the list. The buffer grows by doubling.

import { EV_SIZE, EV_TYPE } from "../abi/message-event";

let buf: usize = 0;
let capacity: i32 = 0;
export let eventCount: i32 = 0;
let recording = false;

export function eventsPtr(): usize {
  return buf;
}

export function resetEvents(): void {
  eventCount = 0;
}

/** A message begins: a fresh list, recorded. */
export function beginMessage(): void {
  eventCount = 0;
  recording = true;
}

/** A block's own work begins: nothing recorded until the next message. */
export function endMessage(): void {
  eventCount = 0;
  recording = false;
}

/** Whether the current work records events (a message's). */
export function isRecording(): bool {
  return recording;
}

/** A new zeroed record of `type`; returns its address (valid until the next `emit`). */
export function emit(type: u32): usize {
  if (eventCount == capacity) {
    const cap = capacity == 0 ? 64 : capacity * 2;
    const p = heap.alloc(<usize>(cap * EV_SIZE));
    if (eventCount > 0) memory.copy(p, buf, <usize>(eventCount * EV_SIZE));
    buf = p;
    capacity = cap;
  }
  const e = buf + <usize>(eventCount * EV_SIZE);
  memory.fill(e, 0, EV_SIZE);
  store<u32>(e + <usize>EV_TYPE, type);
  eventCount++;
  return e;
}
