import type { IsolationArea } from './types.ts';

/** Isolation fixture of the plataforma area (its issue fills it as routes arrive). */
export const plataformaIsolation: IsolationArea = {
  async seedB() {},
};
