import { Alert, Text } from '@mantine/core';
import { type CanalFiscal, campoEntorno, ESTADOS_REGISTRO, otroDestino } from '../registrosFiscales/canal.ts';
import {
  CLASES_TBAI,
  type ConfigTbai,
  ENTIDAD_TBAI,
  type EstadoTbaiVista,
  type FicheroFila,
  fechaHoraTexto,
  fechaTexto,
  numeroTexto,
  RUTA_TBAI,
} from './ticketbaiModel.ts';

/** The territory, where the files go, the certificate (without it nothing can be signed) and the last send. */
function DetalleEnvio({ estado: e }: { estado: EstadoTbaiVista }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {e.ProvinciaNombre} · Destino:{' '}
        {e.Destino === 'real'
          ? `servicio de la Diputación (${e.Entorno === 'produccion' ? 'producción' : 'pruebas'})`
          : (e.Destino ?? 'sin configurar (los ficheros se guardan y se enviarán al configurarlo)')}{' '}
        · Certificado: {e.Certificado ? 'cargado' : 'no cargado'}
        {e.UltimoEnvio && ` · Último envío ${fechaHoraTexto(e.UltimoEnvio)}`}
      </Text>
      {!e.Certificado && (
        <Alert color="orange" variant="light" p="xs">
          Sin certificado no se pueden firmar ni emitir facturas: súbelo en Configuración.
        </Alert>
      )}
    </>
  );
}

/**
 * TicketBAI (and Bizkaia's LROE of issued invoices) as a channel of fiscal records: each issued invoice's signed
 * file in `lroefactemitidas`, its state at the Diputación.
 */
export const CANAL_TBAI: CanalFiscal<FicheroFila, EstadoTbaiVista, ConfigTbai> = {
  nombre: 'TicketBAI',
  ruta: RUTA_TBAI,
  entidad: ENTIDAD_TBAI,
  permiso: 'ImptoEmit',
  rutaRegistro: (id) => `/lroefactemitidas/editar/${id}`,
  estados: ESTADOS_REGISTRO,
  clases: CLASES_TBAI,
  numero: { campo: 'Numero', texto: numeroTexto },
  fecha: { campo: 'Fecha', texto: (r) => fechaTexto(r.Fecha) },
  fechaHora: fechaHoraTexto,
  codigoError: (r) => r.CodigoError,
  cola: {
    descendente: false,
    buscar: 'Número o identificador',
    clase: 'Fichero',
    vacio: 'No hay ficheros TicketBAI',
    columnas: (c) => [
      c.factura,
      c.fecha,
      c.clase,
      {
        accessor: 'Identificador',
        title: 'Identificador TBAI',
        render: (r) => (
          <Text size="xs" ff="monospace">
            {r.Identificador ?? '—'}
          </Text>
        ),
      },
      c.importe,
      c.estado,
    ],
    comprobarCadena: true,
    mensajeEnvio: (r) =>
      r.Error
        ? `Envío interrumpido: ${r.Error}`
        : `Envío a la Diputación realizado: ${r.Aceptados} aceptados, ${r.Rechazados} rechazados`,
    panel: (e) => <DetalleEnvio estado={e} />,
  },
  config: {
    intro: (c) => `Territorio: ${c.ProvinciaNombre}. La licencia y el software aparecen en cada fichero TicketBAI.`,
    campos: [
      { clave: 'Licencia', label: 'Licencia TicketBAI', maxLength: 20 },
      { clave: 'NifDesarrollador', label: 'NIF de la entidad desarrolladora', maxLength: 9 },
      { clave: 'NombreSoftware', label: 'Nombre del software' },
      { clave: 'Version', label: 'Versión', maxLength: 20 },
      { clave: 'Dispositivo', label: 'Número de serie del dispositivo', maxLength: 30 },
      campoEntorno('Entorno', 'Pruebas'),
      {
        clave: 'ModeloLroe',
        label: 'Modelo del LROE',
        opciones: [
          { value: '240', label: '240 · Personas jurídicas' },
          { value: '140', label: '140 · Personas físicas' },
        ],
        visible: (c) => c.Provincia === 'bizkaia',
      },
      otroDestino('la Diputación'),
    ],
    envio: { clave: 'EnvioReal', label: 'Enviar al servicio de la Diputación del entorno elegido' },
    destinoActual: false,
    certificado: 'Certificado de la empresa (firma y envío)',
  },
};
