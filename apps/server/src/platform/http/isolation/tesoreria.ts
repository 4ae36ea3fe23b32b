import type { IsolationArea } from './types.ts';

/** Isolation fixture of the tesoreria area (its issue fills it as routes arrive). */
export const tesoreriaIsolation: IsolationArea = {
  async seedB() {},
};
