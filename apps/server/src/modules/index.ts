import type { AreaModule } from '../platform/deps.ts';
import { administracionModule } from './administracion/index.ts';
import { asesoriasModule } from './asesorias/index.ts';
import { autoescuelaModule } from './autoescuela/index.ts';
import { catalogoModule } from './catalogo/index.ts';
import { comprasModule } from './compras/index.ts';
import { comunicacionesModule } from './comunicaciones/index.ts';
import { configuracionModule } from './configuracion/index.ts';
import { contabilidadModule } from './contabilidad/index.ts';
import { contratacionModule } from './contratacion/index.ts';
import { crmModule } from './crm/index.ts';
import { faceModule } from './efactura/face/rutas.ts';
import { efacturaModule } from './efactura/index.ts';
import { entidadesSimplesModule } from './entidadesSimples.ts';
import { formacionModule } from './formacion/index.ts';
import { impuestosModule } from './impuestos/index.ts';
import { odontologiaModule } from './odontologia/index.ts';
import { rrhhModule } from './rrhh/index.ts';
import { tesoreriaModule } from './tesoreria/index.ts';
import { ticketbaiModule } from './ticketbai/index.ts';
import { usuariosModule } from './usuarios/index.ts';
import { ventasModule } from './ventas/index.ts';

/** The one list of every area plugin. */
export const modules: AreaModule[] = [
  usuariosModule,
  configuracionModule,
  rrhhModule,
  administracionModule,
  ventasModule,
  efacturaModule,
  faceModule,
  comprasModule,
  catalogoModule,
  tesoreriaModule,
  comunicacionesModule,
  impuestosModule,
  contabilidadModule,
  ticketbaiModule,
  crmModule,
  formacionModule,
  autoescuelaModule,
  odontologiaModule,
  asesoriasModule,
  contratacionModule,
  // Last: the generic CRUD of the registry's simple entities no module above registered.
  entidadesSimplesModule,
];
