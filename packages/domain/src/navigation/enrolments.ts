import type { InfoEmpresa } from '../session/companyContext.ts';
import { MSG } from '../validation/messages.ts';

/** Where a student or tutor without an enrolment is sent (their own table's 'Mis matrículas'). */
export const ENROLMENT_REQUIRED_PATH = {
  tutor: '/portalumatriculas/lista',
  alumno: '/portalumatriculas/nuevo',
} as const;

export interface EnrolmentRequired {
  message: typeof MSG.needsEnrolment;
  to: string;
}

/**
 * Spec section 5: an academy (or driving-school) student or tutor without an enrolment cannot proceed — the message
 * 'Previamente debes de dar de alta una matrícula'; tutors go to the enrolment list, students to a new enrolment.
 * Null when the user may go on. The enrolment routes of the spec's student table are `portalumatriculas` (the
 * office's `matriculas` is not in that table: sending a student there would bounce home and loop).
 */
export function enrolmentRequired(
  ctx: Pick<InfoEmpresa, 'Roles' | 'TipoCuenta' | 'Matriculas'>,
  action: string,
): EnrolmentRequired | null {
  if (ctx.TipoCuenta !== 'academia' && ctx.TipoCuenta !== 'autoescuela') return null;
  if (ctx.Roles.includes('usuario')) return null;
  const tutor = ctx.Roles.includes('tutor');
  if (!tutor && !ctx.Roles.includes('alumno')) return null;
  if ((ctx.Matriculas ?? []).length > 0 || action === 'portalumatriculas') return null;
  return { message: MSG.needsEnrolment, to: tutor ? ENROLMENT_REQUIRED_PATH.tutor : ENROLMENT_REQUIRED_PATH.alumno };
}
