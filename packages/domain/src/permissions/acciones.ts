import { type InfoEmpresa, levelIn, type ModuleFlag } from '../session/companyContext.ts';
import { PERMISSION_CODES, PERMISSION_LEVELS, type PermissionCode, type PermissionLevel } from './codes.ts';

/**
 * What a screen asks of a feature: see it, create, edit (or run its actions), delete, or change its settings
 * (which the server asks level 3 for, as deleting: VeriFactu's configuration and certificate).
 */
export type AccionPermiso = 'ver' | 'crear' | 'editar' | 'borrar' | 'configurar';

/** The level each action needs (the server's guard asks the same: 1 list, 2 create/edit, 3 delete). */
export const NIVEL_ACCION = { ver: 1, crear: 2, editar: 2, borrar: 3, configurar: 3 } as const satisfies Record<
  AccionPermiso,
  PermissionLevel
>;

const VERBO: Record<AccionPermiso, string> = {
  ver: 'consultar',
  crear: 'crear',
  editar: 'modificar',
  borrar: 'eliminar',
  configurar: 'configurar',
};

/** What the user's level in a feature allows, and why an action is not allowed (the text a disabled control shows). */
export interface Permiso {
  codigo: PermissionCode;
  nivel: PermissionLevel;
  ver: boolean;
  crear: boolean;
  editar: boolean;
  borrar: boolean;
  /** null when the level allows `accion`; else the Spanish reason to show beside the disabled control. */
  motivo(accion: AccionPermiso): string | null;
}

/** The reason an action is refused: the feature, what the action needs and the level the user has. */
export function motivoSinPermiso(codigo: PermissionCode, nivel: PermissionLevel, accion: AccionPermiso): string {
  const tiene = nivel === 0 ? 'no tienes acceso' : `tu nivel es «${PERMISSION_LEVELS[nivel]}»`;
  return `No tienes permiso para ${VERBO[accion]} en «${PERMISSION_CODES[codigo]}»: ${tiene}`;
}

/**
 * The user's effective permission in a feature: the level of the context (denials of the company and the centre
 * win), 0 when `modulo` is off. The browser's one reading of levels; the server's guard stays the real check.
 */
export function permisoEn(
  ctx: Pick<InfoEmpresa, 'Permisos' | 'Denegados' | 'DenegadosCentro' | 'Modulos'>,
  codigo: PermissionCode,
  centro?: string,
  modulo?: ModuleFlag,
): Permiso {
  const nivel = modulo && ctx.Modulos?.[modulo] === false ? 0 : levelIn(ctx, codigo, centro);
  const puede = (accion: AccionPermiso) => nivel >= NIVEL_ACCION[accion];
  return {
    codigo,
    nivel,
    ver: puede('ver'),
    crear: puede('crear'),
    editar: puede('editar'),
    borrar: puede('borrar'),
    motivo: (accion) => (puede(accion) ? null : motivoSinPermiso(codigo, nivel, accion)),
  };
}
