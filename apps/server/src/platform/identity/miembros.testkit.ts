import { crear } from '../../../test/datosDemo.ts';
import type { Session } from '../../../test/testApp.ts';

/** A member to create for a permission test: the person, and the profile made for them with just these permissions. */
export interface MiembroConPerfil {
  UserName: string;
  Nombre: string;
  Email: string;
  perfil: string;
  Permisos: Record<string, number>;
}

/**
 * Creates the profile, then a member of the session's company with role `usuario` and that profile (both must answer
 * 201); sign in as `UserName` afterwards. Answers the member's id.
 */
export async function crearMiembroConPerfil(s: Session, m: MiembroConPerfil): Promise<number> {
  const IdPerfil = await crear(s, '/api/usuarios/roles/save', { Nombre: m.perfil, Permisos: m.Permisos });
  const { UserName, Nombre, Email } = m;
  return crear(s, '/api/usuarios/usuarios/save', { UserName, Nombre, Email, Roles: ['usuario'], IdPerfil });
}
