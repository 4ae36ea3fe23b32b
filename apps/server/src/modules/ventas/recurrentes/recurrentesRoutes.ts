import type { AppDeps } from '../../../platform/deps.ts';
import type { Job } from '../../../platform/jobs/runner.ts';
import { companyDirectory } from '../../../platform/tenancy/directory.ts';
import { generarPendientes } from './generar.ts';

/**
 * The background job that generates every due period of every company, sales and purchases (platform/jobs runs
 * it). The routes (`fventarec`, `fcomprarec`, `fgastorec`) are the engine's (`documentos/recurrentes.ts`).
 */
export function trabajoFacturasRecurrentes(deps: Pick<AppDeps, 'database' | 'mailer'>, minutos = 15): Job {
  return {
    nombre: 'facturas-recurrentes',
    intervaloSegundos: minutos * 60,
    run: () => generarPendientes(companyDirectory(deps), deps.mailer),
  };
}
