import type { ComponentType } from 'react';
import { DeniedCodesInput } from '../../features/configuracion/DeniedCodesInput.tsx';
import { PermissionMatrix } from '../../features/configuracion/PermissionMatrix.tsx';
import { RolesInput } from '../../features/configuracion/RolesInput.tsx';
import type { InputProps } from './inputs.tsx';

/** Escape hatch: a bespoke input for one entity field, by "entity.field". */
export const CUSTOM_INPUTS: Record<string, ComponentType<InputProps>> = {
  'centros.Denegados': DeniedCodesInput,
  'roles.Permisos': PermissionMatrix,
  'usuarios.Roles': RolesInput,
};
