import { autoescuelaIsolation } from './autoescuela.ts';
import { comprasIsolation } from './compras.ts';
import { contabilidadIsolation } from './contabilidad.ts';
import { crmIsolation } from './crm.ts';
import { efacturaIsolation } from './efactura.ts';
import { efacturaEnvioIsolation } from './efacturaEnvio.ts';
import { efacturaEstadosIsolation } from './efacturaEstados.ts';
import { efacturaRecepcionIsolation } from './efacturaRecepcion.ts';
import { formacionIsolation } from './formacion.ts';
import { impuestosIsolation } from './impuestos.ts';
import { inmovilizadoIsolation } from './inmovilizado.ts';
import { odontologiaIsolation } from './odontologia.ts';
import { personalIsolation } from './personal.ts';
import { plataformaIsolation } from './plataforma.ts';
import { tesoreriaIsolation } from './tesoreria.ts';
import { ticketbaiIsolation } from './ticketbai.ts';
import type { IsolationArea } from './types.ts';

/** Every area's fixture of the isolation matrix, run in this order after the platform's and sales' own. */
export const ISOLATION_AREAS: IsolationArea[] = [
  comprasIsolation,
  tesoreriaIsolation,
  personalIsolation,
  crmIsolation,
  formacionIsolation,
  plataformaIsolation,
  impuestosIsolation,
  contabilidadIsolation,
  inmovilizadoIsolation,
  ticketbaiIsolation,
  efacturaIsolation,
  efacturaEnvioIsolation,
  efacturaRecepcionIsolation,
  efacturaEstadosIsolation,
  autoescuelaIsolation,
  odontologiaIsolation,
];
