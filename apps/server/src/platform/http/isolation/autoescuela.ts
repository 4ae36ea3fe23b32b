import type { IsolationArea } from './types.ts';

/** Isolation fixture of this area: B's rows carrying the sentinel, callers of routes with other parameters. */
export const autoescuelaIsolation: IsolationArea = {
  async seedB() {},
};
