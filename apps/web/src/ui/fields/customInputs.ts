import type { ComponentType } from 'react';
import { LazyTemplateBodyInput } from '../../features/comunicaciones/LazyTemplateBodyInput.tsx';
import { DeniedCodesInput } from '../../features/configuracion/DeniedCodesInput.tsx';
import { PermissionMatrix } from '../../features/configuracion/PermissionMatrix.tsx';
import { RolesInput } from '../../features/configuracion/RolesInput.tsx';
import { ContactosInput, DireccionesEnvioInput } from '../../features/contactos/JsonListInput.tsx';
import type { InputProps } from './inputs.tsx';

/** Escape hatch: a bespoke input for one entity field, by "entity.field". */
export const CUSTOM_INPUTS: Record<string, ComponentType<InputProps>> = {
  'centros.Denegados': DeniedCodesInput,
  'plantemail.Cuerpo': LazyTemplateBodyInput,
  'clientes.Contactos': ContactosInput,
  'clientes.DireccionesEnvio': DireccionesEnvioInput,
  'clientespot.Contactos': ContactosInput,
  'proveedores.Contactos': ContactosInput,
  // The logo is uploaded apart, in the logo panel under the form.
  'empresa.Logo': () => null,
  'roles.Permisos': PermissionMatrix,
  'usuarios.Roles': RolesInput,
};
