import type { IsolationArea } from './types.ts';

/** Isolation fixture of the crm area (its issue fills it as routes arrive). */
export const crmIsolation: IsolationArea = {
  async seedB() {},
};
