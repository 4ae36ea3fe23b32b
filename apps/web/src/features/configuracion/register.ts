import { registerExtensions } from '../../ui/extensions.ts';
import { DeniedCodesInput } from './DeniedCodesInput.tsx';
import { PermissionMatrix } from './PermissionMatrix.tsx';
import { RolesInput } from './RolesInput.tsx';

registerExtensions({
  inputs: { 'centros.Denegados': DeniedCodesInput, 'roles.Permisos': PermissionMatrix, 'usuarios.Roles': RolesInput },
});
