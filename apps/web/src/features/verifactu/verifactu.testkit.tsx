import { VerifactuScreens } from './VerifactuScreens.tsx';
import type { ConfiguracionVista, EstadoEnvioVista, RegistroFila, RegistroVista } from './verifactuModel.ts';

/** Answers of the VeriFactu API as the screens' tests use them, and the queue as the router renders it. */
export const H1 = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';
export const H0 = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
export const URL_QR =
  'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B85626240&numserie=F0001&fecha=02-11-2026&importe=121.00';

export const fila = (over: Partial<RegistroFila> = {}): RegistroFila => ({
  Id: 5,
  Clase: 'alta',
  TipoOperacion: 'Alta',
  IdFactura: 40,
  NumSerieFactura: 'F0001',
  FechaExpedicionFactura: '02-11-2026',
  TipoFactura: 'F1',
  CuotaTotal: '21.00',
  ImporteTotal: '121.00',
  Huella: H1,
  FechaHoraHusoGenRegistro: '2026-11-02T10:20:30+01:00',
  Estado: 'enviado',
  Instalacion: 'FARO-1',
  Secuencia: 2,
  CodigoErrorRegistro: null,
  UrlQr: URL_QR,
  ...over,
});

export const vista = (over: Partial<RegistroVista> = {}): RegistroVista => ({
  ...fila({ Estado: 'rechazado', CodigoErrorRegistro: 1104 }),
  HuellaAnterior: H0,
  Anterior: { Id: 4, NumSerieFactura: 'F0000', Clase: 'alta', Huella: H0 },
  Cadena: { Valida: true, Incidencias: [] },
  Registro: {
    IDFactura: { IDEmisorFactura: 'B85626240', NumSerieFactura: 'F0001', FechaExpedicionFactura: '02-11-2026' },
  },
  Xml: '<sum1:RegistroAlta><sum1:IDVersion>1.0</sum1:IDVersion></sum1:RegistroAlta>',
  Respuesta: {
    Intentos: 1,
    Enviado: '2026-11-02T10:21:00.000Z',
    CSV: null,
    CodigoErrorRegistro: 1104,
    DescripcionErrorRegistro: 'Valor del campo NumSerieFactura es incorrecto',
    Retrasado: false,
    Error: {
      Codigo: 1104,
      Explicacion: 'El número de serie de la factura no es válido.',
      Campo: 'IDFactura/NumSerieFactura',
      Efecto: 'registro',
    },
  },
  ...over,
});

export const route = { title: 'Registros VeriFactu', area: 'impuestos', guard: 'usuario' } as never;
export const cola = <VerifactuScreens action="fventaverifactu" segments={['lista']} route={route} />;

export const estadoEnvio = (over: Partial<EstadoEnvioVista> = {}): EstadoEnvioVista => ({
  Incidencia: false,
  Bloqueo: null,
  SiguienteEnvio: null,
  FallosSeguidos: 0,
  UltimoEnvio: null,
  UltimoResultado: null,
  Destino: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  Certificado: true,
  Cuentas: { generado: 1, enviado: 0, conerrores: 0, rechazado: 0, anulado: 0 },
  ...over,
});

export const configuracion: ConfiguracionVista = {
  ProductorNombre: 'Faro Software SL',
  ProductorNIF: 'B12345678',
  NombreSistemaInformatico: 'Faro',
  IdSistemaInformatico: 'FA',
  Version: '1.0',
  NumeroInstalacion: 'FARO-1',
  Entorno: 'pruebas',
  EnvioAeat: true,
  Url: null,
  Destino: null,
  Certificado: { Nombre: 'empresa.p12', Subido: '2026-11-01T08:00:00.000Z' },
};
