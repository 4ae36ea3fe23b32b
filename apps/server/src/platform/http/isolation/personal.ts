import type { IsolationArea } from './types.ts';

/** Isolation fixture of the personal area (its issue fills it as routes arrive). */
export const personalIsolation: IsolationArea = {
  async seedB() {},
};
