import type { InfoEmpresa, RouteTableId } from '@faro/domain';

/** Student enrolment (spec section 3): Codigo, CodAlumno, Desc. */
export type { Matricula } from '@faro/domain';

/** The company context as the web reads it (students and tutors receive their enrolments in Matriculas). */
export type SessionInfo = InfoEmpresa;

export type SessionState =
  | { status: 'loading' }
  | { status: 'anon' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      info: SessionInfo;
      table: RouteTableId;
      /** Selected centre (Val), '' when the company has none. */
      centro: string;
      /** Selected enrolment (Codigo) of a student or tutor, '' when none. */
      matricula: string;
      /** The student of the selected enrolment (its CodAlumno), '' when none. */
      alumno: string;
    };

export type ReadySession = Extract<SessionState, { status: 'ready' }>;

export interface SessionApi {
  state: SessionState;
  /** Stores the tokens of a login and loads the company context. */
  login(tokens: { Token: string; TokenRefresh: string; Expiracion: string }): Promise<void>;
  /** Ends the session and goes to the login path (calls usuario/logout unless silent). */
  logout(options?: { silent?: boolean }): void;
  setCentro(val: string): Promise<void>;
  setMatricula(codigo: string): void;
  /** Switches company and opens `destino` in it ('/' by default: the new company's landing). */
  changeCompany(idEmpresa: number, destino?: string): Promise<void>;
  /** Updates parts of the context in place (e.g. the time-clock state after a clock entry). */
  patchInfo(patch: Partial<SessionInfo>): void;
  retry(): void;
}
