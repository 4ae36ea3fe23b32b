import { COLOR_HEX, coloresCalendario, TIPOS_ACTIVIDAD_VALORES } from '@faro/domain';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AreaModule } from '../../platform/deps.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { crmCalendario } from '../../platform/tenancy/tables.ts';

const color = z.string().regex(COLOR_HEX, { error: 'El formato es incorrecto' });
const coloresBody = z.object(Object.fromEntries(TIPOS_ACTIVIDAD_VALORES.map((t) => [t, color.optional()])));

/** The company's calendar colours over the defaults (blue default, spec section 9). */
export async function leerColores(scope: Scope) {
  const [row] = await scope.select(crmCalendario);
  return coloresCalendario(row?.Colores);
}

/** `usuario/configcal`: the calendar configuration of the company (read by every member, changed by ConfEmpresa). */
export const calendarioRoutes: AreaModule = (app, deps) => {
  const tags = ['usuarios'];
  app.get(
    '/api/usuarios/usuario/configcal',
    { config: { access: access.company }, schema: { tags, summary: 'Colores del calendario' } },
    (request) => leerColores(deps.scopeOf(request)),
  );
  app.put(
    '/api/usuarios/usuario/configcal',
    {
      config: { access: access.permission('ConfEmpresa', 2) },
      schema: { tags, summary: 'Guardar los colores del calendario', body: coloresBody },
    },
    async (request) => {
      const body = parseBody(coloresBody, request.body);
      const scope = deps.scopeOf(request);
      const Colores = coloresCalendario({ ...(await leerColores(scope)), ...body });
      await scope.tx(async (t) => {
        await t
          .insert(crmCalendario, { Colores })
          .onConflictDoUpdate({ target: crmCalendario.empresaId, set: { Colores } });
        await t.audit({ accion: 'M', recurso: 'configcal', idRegistro: null, campos: Colores });
      });
      return Colores;
    },
  );
};
