export * from './calendario.ts';
export * from './comprobaciones.ts';
export { DISENOS_303, type Diseno303, disenoDe303, type IdDiseno303, indicador319 } from './diseno303.ts';
export * from './etiquetas.ts';
export { type Declarante, ficheroAutoliquidacion, ficheroDeclaracion, importeBoe, textoAeat } from './fichero.ts';
export { modelo180, modelo190, type Perceptor, type ResultadoPerceptores } from './modelo190.ts';
export { ficheroPerceptores } from './modelo190Fichero.ts';
export {
  type Ajustes390,
  modelo390,
  type Periodo390,
  type Presentada,
  type Resultado390,
  TRIMESTRES,
  type Trimestre,
} from './modelo390.ts';
export { CASILLAS_180, CASILLAS_190, CASILLAS_390 } from './modelo390Etiquetas.ts';
export { fichero390 } from './modelo390Fichero.ts';
export * from './modelos.ts';
export * from './periodos.ts';
