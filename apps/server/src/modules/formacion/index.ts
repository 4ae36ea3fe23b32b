import type { AreaModule } from '../../platform/deps.ts';

/** Academy and driving school: students, courses, timetables, charges, portal (issues 17 and 18). */
export const formacionModule: AreaModule = (_app, _deps) => {};
