import type { AreaModule } from '../../platform/deps.ts';
import { registrarBuzonEfactura } from './buzon/rutas.ts';
import { registrarEnvioEfactura } from './envio/rutas.ts';
import { registrarEstadosEfactura } from './estados/rutas.ts';
import { registrarRecepcionEfactura } from './recepcion/rutas.ts';
import { registrarRutasEfactura } from './rutas.ts';

/** Structured e-invoices: issued invoices as UBL / EN 16931, validated before they leave. */
export const efacturaModule: AreaModule = (app, deps) => {
  registrarRutasEfactura(app, deps);
  registrarRecepcionEfactura(app, deps);
  registrarEstadosEfactura(app, deps);
  registrarEnvioEfactura(app, deps);
  registrarBuzonEfactura(app, deps);
};
