import type { IsolationArea } from './types.ts';

/** Isolation fixture of the compras area (its issue fills it as routes arrive). */
export const comprasIsolation: IsolationArea = {
  async seedB() {},
};
