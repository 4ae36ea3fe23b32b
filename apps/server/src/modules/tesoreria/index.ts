import { conceptosmovs, tesoreria } from '@faro/domain';
import { registerEntity } from '../../platform/crud/registerEntity.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { registrarArqueos } from './arqueos.ts';
import { registrarExportMovimientos } from './exportarMovimientos.ts';
import { registrarExtractos } from './extractos.ts';
import { registrarInformes } from './informes.ts';
import { registrarMandatos } from './mandatos.ts';
import { registrarMovimientos } from './movimientos.ts';
import { registrarPagoDesdeApunte } from './pagoDesdeApunte.ts';
import { registrarReglasConciliacion } from './reglasConciliacion.ts';
import { registrarRemesas } from './remesas.ts';

/** Treasury area: accounts, concepts, movements, mandates, batches, returns, cash counts, statements. */
export const tesoreriaModule: AreaModule = (app, deps) => {
  registerEntity(app, deps, tesoreria);
  registerEntity(app, deps, conceptosmovs);
  registrarMovimientos(app, deps);
  registrarExportMovimientos(app, deps);
  registrarMandatos(app, deps);
  registrarRemesas(app, deps);
  registrarArqueos(app, deps);
  registrarExtractos(app, deps);
  registrarReglasConciliacion(app, deps);
  registrarPagoDesdeApunte(app, deps);
  registrarInformes(app, deps);
};
