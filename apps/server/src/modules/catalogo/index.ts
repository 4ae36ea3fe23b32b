import { almacenes, familias, movimientosstock, productos, stock, tarifas, tarifaslineas } from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { RepositoryHooks } from '../../platform/crud/hookedRepository.ts';
import { registerEntity } from '../../platform/crud/registerEntity.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { registerImportRoutes } from '../../platform/import/importRoutes.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { col, configuraTable, familiasTable, productosTable } from '../../platform/tenancy/tables.ts';
import { nextCode, normalizeAddress } from '../contactos/contactHooks.ts';
import { registerPriceRoute } from './priceRoute.ts';
import { registerStockRoutes } from './stockRoutes.ts';

/** Products: the next free code when none is given; the company's default VAT type for new ones. */
const productHooks: RepositoryHooks = {
  async beforeWrite(scope, values, id) {
    const out: Record<string, unknown> = {
      ...values,
      Tipo: values.Tipo ?? 'producto',
      Trazabilidad: values.Trazabilidad ?? 'ninguna',
    };
    if (!out.Codigo && id === null) out.Codigo = await nextCode(scope, productosTable);
    if (id === null && !out.IdTipoIva) out.IdTipoIva = (await productDefaults(scope)).IdTipoIva;
    return out;
  },
};

async function productDefaults(scope: Scope) {
  const [conf] = (await scope.pick({ IdTipoIva: col(configuraTable, 'IdTipoIva') }, configuraTable).limit(1)) as {
    IdTipoIva: number | null;
  }[];
  return { IdTipoIva: conf?.IdTipoIva ?? null };
}

/** A family cannot hang below itself (nor below one of its own subfamilies). */
const familyHooks: RepositoryHooks = {
  async beforeWrite(scope, values, id) {
    let parent = values.IdFamiliaPadre as number | null;
    for (let depth = 0; parent && id !== null && depth < 20; depth++) {
      if (parent === id) throw fieldError('IdFamiliaPadre', 'Una familia no puede depender de sí misma');
      const [row] = (await scope.pick(
        { p: col(familiasTable, 'IdFamiliaPadre') },
        familiasTable,
        eq(col(familiasTable, 'Id'), parent),
      )) as {
        p: number | null;
      }[];
      parent = row?.p ?? null;
    }
    return values;
  },
};

const warehouseHooks: RepositoryHooks = { beforeWrite: async (_s, values) => normalizeAddress(values) };

/** Catalogue area: products (with import), families, tariffs and their lines, warehouses, stock and movements. */
export const catalogoModule: AreaModule = (app, deps) => {
  registerEntity(app, deps, productos, { hooks: [productHooks] });
  registerImportRoutes(app, deps, productos, {
    nextCode,
    normalize: (v) => ({ ...v, Tipo: v.Tipo ?? 'producto', Trazabilidad: v.Trazabilidad ?? 'ninguna' }),
    defaults: productDefaults,
  });
  registerEntity(app, deps, familias, { hooks: [familyHooks] });
  registerEntity(app, deps, tarifas);
  registerEntity(app, deps, tarifaslineas);
  registerPriceRoute(app, deps);
  registerEntity(app, deps, almacenes, { hooks: [warehouseHooks] });
  registerEntity(app, deps, stock);
  registerEntity(app, deps, movimientosstock);
  registerStockRoutes(app, deps);
};
