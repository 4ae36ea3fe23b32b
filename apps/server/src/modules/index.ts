import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps.ts';
import { administracionModule } from './administracion/index.ts';
import { configuracionModule } from './configuracion/index.ts';
import { rrhhModule } from './rrhh/index.ts';
import { usuariosModule } from './usuarios/index.ts';

export type AreaModule = (app: FastifyInstance, deps: AppDeps) => Promise<void> | void;

/** The one list of every area plugin. */
export const modules: AreaModule[] = [usuariosModule, configuracionModule, rrhhModule, administracionModule];
