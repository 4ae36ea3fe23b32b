import { clientes, clientespot } from '@faro/domain';
import type { RepositoryHooks } from '../../platform/crud/hookedRepository.ts';
import { registerEntity } from '../../platform/crud/registerEntity.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { registerImportRoutes } from '../../platform/import/importRoutes.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { clientespotTable, clientesTable, col, configuraTable } from '../../platform/tenancy/tables.ts';
import { contactOverrides } from '../contactos/contactBodies.ts';
import { contactHooks, nextCode, normalizeContact } from '../contactos/contactHooks.ts';
import { registerDuplicatesRoute } from '../contactos/contactRoutes.ts';
import { registerConversionRoute } from './conversion.ts';
import { registerDocumentosVenta } from './documentos/documentosRoutes.ts';
import { registerVerifactu } from './verifactu/verifactuRoutes.ts';

/** New customers take the company's default tariff and payment method (Configuración) when they name none. */
const customerDefaults: RepositoryHooks = {
  async beforeWrite(scope, values, id) {
    if (id !== null || (values.IdTarifa && values.IdFormaPago)) return values;
    const [conf] = (await scope
      .pick(
        { IdTarifa: col(configuraTable, 'IdTarifa'), IdFormaPago: col(configuraTable, 'IdFormaPago') },
        configuraTable,
      )
      .limit(1)) as { IdTarifa: number | null; IdFormaPago: number | null }[];
    return {
      ...values,
      IdTarifa: values.IdTarifa ?? conf?.IdTarifa ?? null,
      IdFormaPago: values.IdFormaPago ?? conf?.IdFormaPago ?? null,
      RegimenIva: values.RegimenIva ?? 'general',
    };
  },
};

async function customerImportDefaults(scope: Scope): Promise<Record<string, unknown>> {
  return customerDefaults.beforeWrite!(scope, {}, null);
}

/** Sales area: customers (with import) and potential customers (with the one-click conversion). */
export const ventasModule: AreaModule = (app, deps) => {
  const customerHooks = [contactHooks(clientes, clientesTable), customerDefaults];
  const customers = registerEntity(app, deps, clientes, { overrides: contactOverrides, hooks: customerHooks });
  registerDuplicatesRoute(app, deps, clientes, clientesTable);
  registerImportRoutes(app, deps, clientes, {
    overrides: contactOverrides,
    normalize: normalizeContact,
    nextCode,
    defaults: customerImportDefaults,
  });

  registerEntity(app, deps, clientespot, {
    overrides: { Contactos: contactOverrides.Contactos },
    hooks: [contactHooks(clientespot, clientespotTable)],
  });
  registerDuplicatesRoute(app, deps, clientespot, clientespotTable);
  registerConversionRoute(app, deps, customers);
  registerDocumentosVenta(app, deps);
  registerVerifactu(app, deps);
};
