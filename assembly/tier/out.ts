// The events of the current tier message (REFERENCE.md §10): fixed-size records (abi/tier-event.ts)
// the host decodes after the message. Names and addresses are the host's; the core writes ids,
// account ids, amounts and times. The buffer grows by doubling and is reset by each message.

import { EV_SIZE, EV_TYPE } from "../abi/tier-event";

let buf: usize = 0;
let capacity: i32 = 0;
export let eventCount: i32 = 0;

export function eventsPtr(): usize {
  return buf;
}

export function resetEvents(): void {
  eventCount = 0;
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
