import { proveedores } from '@faro/domain';
import { registerEntity } from '../../platform/crud/registerEntity.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { registerImportRoutes } from '../../platform/import/importRoutes.ts';
import { proveedoresTable } from '../../platform/tenancy/tables.ts';
import { contactOverrides } from '../contactos/contactBodies.ts';
import { contactHooks, nextCode, normalizeContact } from '../contactos/contactHooks.ts';
import { registerDuplicatesRoute } from '../contactos/contactRoutes.ts';
import { registrarRutasDocumentos } from '../documentos/rutas.ts';
import { registrarAdjuntosCompra } from './adjuntos.ts';
import { motorCompra } from './ladoCompra.ts';
import { registrarLotes } from './lotes.ts';
import { registrarPreciosCompra } from './precios.ts';
import { registrarTicketGasto } from './ticket/rutas.ts';

/** The suppliers' body overrides and hooks: their screen and whoever else creates one (a received e-invoice). */
export const OPCIONES_PROVEEDORES = {
  overrides: { Contactos: contactOverrides.Contactos },
  hooks: [contactHooks(proveedores, proveedoresTable)],
};

/** Purchases area: suppliers (with import) and the purchase documents (the engine's purchases side). */
export const comprasModule: AreaModule = (app, deps) => {
  const { overrides } = OPCIONES_PROVEEDORES;
  registerEntity(app, deps, proveedores, OPCIONES_PROVEEDORES);
  registerDuplicatesRoute(app, deps, proveedores, proveedoresTable);
  registerImportRoutes(app, deps, proveedores, { overrides, normalize: normalizeContact, nextCode });
  registrarRutasDocumentos(app, deps, motorCompra);
  registrarAdjuntosCompra(app, deps);
  registrarLotes(app, deps);
  registrarPreciosCompra(app, deps);
  registrarTicketGasto(app, deps);
};
