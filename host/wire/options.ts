// A schema element's option, read once: @bufbuild/protobuf's getOption decodes the element's
// options on every call (an extension container each time), and the tx and query paths ask the same
// fields' options for every message they convert.

import { getOption, type DescExtension } from "@bufbuild/protobuf";

const caches = new Map<DescExtension, WeakMap<object, unknown>>();

/** getOption(element, option), memoized per element and option. */
export const optionOf: typeof getOption = (element, option) => {
  let cache = caches.get(option);
  if (cache === undefined) caches.set(option, (cache = new WeakMap()));
  if (cache.has(element)) return cache.get(element) as ReturnType<typeof getOption<typeof option, typeof element>>;
  const value = getOption(element, option);
  cache.set(element, value);
  return value;
};
