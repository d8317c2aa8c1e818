// node:timers/promises's setImmediate (the chain yields to the event loop between runs of blocks).
export const setImmediate = <T>(value?: T): Promise<T | undefined> => new Promise((resolve) => setTimeout(() => resolve(value), 0));
