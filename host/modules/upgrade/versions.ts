export const MODULE_VERSIONS: readonly { name: string; version: bigint }[] = [];
