export * from './etiquetas.ts';
export { type Declarante, ficheroAutoliquidacion, ficheroDeclaracion, importeBoe, textoAeat } from './fichero.ts';
export * from './modelos.ts';
export * from './periodos.ts';
