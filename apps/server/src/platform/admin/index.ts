import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
import { asesoriasRepo } from './asesorias.ts';
import { contenidos } from './contenidos.ts';
import { contratosRepo } from './contratos.ts';
import { cuotasRepo } from './cuotas.ts';
import { empresasAdmin } from './empresasAdmin.ts';

/**
 * The platform-level repository (platform administration, advisory firms, contracting): modules reach
 * platform tables (companies, persons, memberships, subscriptions, contracts, notices…) only through it.
 */
export function plataforma(deps: { database: Database; config: Config }) {
  const now = deps.config.now ?? Date.now;
  return {
    empresas: empresasAdmin(deps.database, now),
    contenidos: contenidos(deps.database),
    contratos: contratosRepo(deps.database, now),
    asesorias: asesoriasRepo(deps.database, now),
    cuotas: cuotasRepo(deps.database),
  };
}

export type Plataforma = ReturnType<typeof plataforma>;
