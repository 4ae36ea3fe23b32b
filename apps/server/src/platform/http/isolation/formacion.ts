import type { IsolationArea } from './types.ts';

/** Isolation fixture of the formacion area (its issue fills it as routes arrive). */
export const formacionIsolation: IsolationArea = {
  async seedB() {},
};
