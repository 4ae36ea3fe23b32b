export * from './calendario.ts';
export { DISENOS_303, type Diseno303, disenoDe303, type IdDiseno303, indicador319 } from './diseno303.ts';
export * from './etiquetas.ts';
export { type Declarante, ficheroAutoliquidacion, ficheroDeclaracion, importeBoe, textoAeat } from './fichero.ts';
export { CASILLAS_180, CASILLAS_190, CASILLAS_390 } from './modelo390Etiquetas.ts';
export * from './modelos.ts';
export * from './periodos.ts';
