import { MSG_DATOS } from '@faro/domain';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { RepositoryHooks } from '../../platform/crud/hookedRepository.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { col, seriesTable } from '../../platform/tenancy/tables.ts';

const s = (f: string) => col(seriesTable, f);

/** A series code is unique per document kind, and each kind has at most one default series. */
export const seriesHooks: RepositoryHooks = {
  async beforeWrite(scope, values, id) {
    const others = (extra: SQL) => {
      const conds = [eq(s('TipoDocumento'), values.TipoDocumento as string), extra];
      if (id !== null) conds.push(ne(s('Id'), id));
      return scope.pick({ id: s('Id') }, seriesTable, and(...conds)).limit(1);
    };
    if ((await others(eq(s('Codigo'), values.Codigo as string))).length)
      throw fieldError('Codigo', MSG_DATOS.seriesCode);
    if (values.Defecto === true && (await others(eq(s('Defecto'), true))).length)
      throw fieldError('Defecto', MSG_DATOS.seriesDefault);
    if (values.IdSerieRectificativa && values.IdSerieRectificativa === id)
      throw fieldError('IdSerieRectificativa', 'Una serie no puede rectificarse a sí misma');
    return values;
  },
};
