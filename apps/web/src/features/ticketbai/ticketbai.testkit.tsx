import { TicketBaiScreens } from './TicketBaiScreens.tsx';
import type { ConfigTbai, EstadoTbaiVista, FicheroFila } from './ticketbaiModel.ts';

/** Answers of the TicketBAI API as the screens' tests use them, and the queue as the router renders it. */
export const URL_QR =
  'https://tbai.prep.gipuzkoa.eus/qr/?id=TBAI-B12345678-021126-ABCDEFGHIJKLM-123&s=TA&nf=0001&i=121.00&cr=123';
export const ID_TBAI = 'TBAI-B12345678-021126-ABCDEFGHIJKLM-123';

export const fichero = (over: Partial<FicheroFila> = {}): FicheroFila => ({
  Id: 7,
  Clase: 'alta',
  Provincia: 'gipuzkoa',
  IdFactura: 40,
  Serie: 'TA',
  Numero: '0001',
  Fecha: '2026-11-02',
  Secuencia: 1,
  Identificador: ID_TBAI,
  ImporteTotal: '121.00',
  Estado: 'enviado',
  Intentos: 1,
  CodigoError: null,
  DescripcionError: null,
  NumeroRegistro: null,
  Enviado: null,
  UrlQr: URL_QR,
  Creado: '2026-11-02T09:20:30.000Z',
  ...over,
});

export const config = (over: Partial<ConfigTbai> = {}): ConfigTbai => ({
  Provincia: 'gipuzkoa',
  ProvinciaNombre: 'Gipuzkoa',
  Licencia: 'TBAIGI00000',
  NifDesarrollador: 'B12345678',
  NombreSoftware: 'Faro',
  Version: '1.0',
  Dispositivo: null,
  Entorno: 'pruebas',
  EnvioReal: false,
  Url: null,
  ModeloLroe: '240',
  Destino: null,
  Certificado: null,
  ...over,
});

export const estado = (over: Partial<EstadoTbaiVista> = {}): EstadoTbaiVista => ({
  ...config(),
  UltimoEnvio: null,
  UltimoResultado: null,
  Cuentas: { generado: 1, enviado: 1, conerrores: 0, rechazado: 1, anulado: 0 },
  ...over,
});

export const route = { title: 'Ficheros TicketBAI', area: 'impuestos', guard: 'usuario' } as never;
export const TBAI = { TipoFacturaElectronica: 'tbai' } as const;
export const cola = <TicketBaiScreens action="lroefactemitidas" segments={['lista']} route={route} />;
