import type { SistemaInformatico } from './types.ts';

/** The billing system the VeriFactu tests declare (the hash and the checks read it from every record). */
export const SISTEMA: SistemaInformatico = {
  NombreRazon: 'Faro Software SL',
  NIF: 'B00000034',
  NombreSistemaInformatico: 'Faro',
  IdSistemaInformatico: 'FA',
  Version: '1.0.0',
  NumeroInstalacion: '1',
  TipoUsoPosibleSoloVerifactu: 'S',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'N',
};
