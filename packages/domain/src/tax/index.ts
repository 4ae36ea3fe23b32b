export { DISENOS_303, type Diseno303, disenoDe303, type IdDiseno303, indicador319 } from './diseno303.ts';
export * from './etiquetas.ts';
export { type Declarante, ficheroAutoliquidacion, ficheroDeclaracion, importeBoe, textoAeat } from './fichero.ts';
export * from './modelos.ts';
export * from './periodos.ts';
export * from './calendario.ts';
