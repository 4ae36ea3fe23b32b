import { type ModuleFlag, type Permiso, type PermissionCode, permisoEn } from '@faro/domain';
import { useMemo } from 'react';
import { useReady } from './SessionProvider.tsx';

/**
 * What the signed-in user's level allows in a feature in the selected centre (`ver`, `crear`, `editar`, `borrar`,
 * and `motivo(accion)`, the reason to show beside a disabled control). Every screen asks its actions here.
 */
export function usePermiso(codigo: PermissionCode, modulo?: ModuleFlag): Permiso {
  const { info, centro } = useReady();
  return useMemo(() => permisoEn(info, codigo, centro, modulo), [info, codigo, centro, modulo]);
}
