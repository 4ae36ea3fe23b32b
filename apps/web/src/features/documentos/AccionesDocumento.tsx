import { Button, Checkbox, Group, Menu, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { IconDownload, IconTrash } from '../../ui/icons.tsx';
import { DescargarFacturae } from '../efactura/DescargarFacturae.tsx';
import { DescargarUbl, tieneFacturaElectronica } from '../efactura/DescargarUbl.tsx';
import { EstadoEnvioFactura } from '../efactura/envio/EstadoEnvioFactura.tsx';
import { CobroDialogo } from './CobroDialogo.tsx';
import { ConvertirParcial, type LineaConvertir } from './ConvertirParcial.tsx';
import { invalidarDocumentos } from './documentosApi.ts';
import type { AccionesPermitidas, DocumentoVenta } from './documentosModel.ts';
import { EmitirYCobrar } from './EmitirYCobrar.tsx';
import { EnviarDialogo } from './EnviarDocumento.tsx';
import { rutaDe, useLado } from './lado.ts';
import { RectificarDialogo } from './RectificarDialogo.tsx';
import { guardarComo, nombrePdf, VistaPreviaPdf } from './VistaPreviaPdf.tsx';

export const TEXTOS = {
  convertido: (destino: string) => `Se ha creado el ${destino.toLowerCase()} a partir de este documento`,
  emitida: (numero: string) => `La factura se ha emitido con el número ${numero}`,
  anulado: 'El documento se ha anulado',
  rectificativa: 'Se ha creado la factura rectificativa en borrador: revísala y emítela',
  cobro: 'El cobro se ha registrado correctamente',
  borrado: 'El documento se ha eliminado correctamente',
  enviado: (para: string) => `Documento enviado a ${para}`,
};

type Dialogo = null | 'emitir' | 'emitirYCobrar' | 'anular' | 'rectificar' | 'cobro' | 'borrar' | 'enviar' | 'parcial';

export interface AccionesProps {
  recurso: string;
  doc: DocumentoVenta;
  permitidas: AccionesPermitidas;
  /** Unsaved changes in the editor: saved first (false when the save failed). */
  guardarAntes: () => Promise<boolean>;
  /** Pending amount of an issued invoice (Total − collections), as '.'-decimal text. */
  pendiente: string | null;
  idCuentaDefecto: number | null;
}

/** The actions of a saved document: PDF, Convertir, Emitir, Registrar cobro, Rectificar, Anular, Eliminar. */
export function AccionesDocumento({
  recurso,
  doc,
  permitidas,
  guardarAntes,
  pendiente,
  idCuentaDefecto,
}: AccionesProps) {
  const { info } = useReady();
  const lado = useLado();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const [vistaPrevia, setVistaPrevia] = useState(false);
  const [ocupado, setOcupado] = useState(false);
  const base = rutaDe(lado, recurso);
  const refrescar = () => invalidarDocumentos(client, info.IdEmpresa, lado.invalidar);

  const run = async (fn: () => Promise<void>) => {
    setOcupado(true);
    try {
      await fn();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setOcupado(false);
    }
  };

  const convertir = (destino: string, lineas?: LineaConvertir[]) =>
    run(async () => {
      if (!(await guardarAntes())) return;
      const nuevo = await api.post<DocumentoVenta>(`${base}/convertir/${doc.Id}`, {
        Destino: destino,
        ...(lineas ? { Lineas: lineas } : {}),
      });
      setDialogo(null);
      notifySuccess(TEXTOS.convertido(lado.recursos[destino]?.singular ?? destino));
      await refrescar();
      navigate(`/${destino}/editar/${nuevo.Id}`);
    });

  const [minorista, setMinorista] = useState(false);
  const emitir = () =>
    run(async () => {
      if (!(await guardarAntes())) return;
      const emitida = await api.post<DocumentoVenta>(
        `${base}/${lado.emision.accion}/${doc.Id}`,
        doc.Tipo === 'simplificada' ? { Minorista: minorista } : {},
      );
      setDialogo(null);
      notifySuccess(lado.emision.hecha(emitida.NumSerie ?? String(emitida.Numero)));
      await refrescar();
    });

  const anular = () =>
    run(async () => {
      await api.post(`${base}/anular/${doc.Id}`, {});
      setDialogo(null);
      notifySuccess(TEXTOS.anulado);
      await refrescar();
    });

  const borrar = () =>
    run(async () => {
      await api.del(`${base}/delete/${doc.Id}`);
      setDialogo(null);
      notifySuccess(TEXTOS.borrado);
      await refrescar();
      navigate(`/${recurso}/lista`);
    });

  const pdf = async (modo: 'ver' | 'descargar') => {
    // The tab is opened inside the click (popup blockers), then pointed at the file once downloaded.
    const tab = modo === 'ver' ? window.open('', '_blank') : null;
    const nombre = nombrePdf(doc);
    try {
      const blob = await api.download(`${base}/pdf/${doc.Id}`);
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (tab) tab.location.href = url;
      else guardarComo(url, nombre);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close(); // downloads fail silently (spec section 8)
    }
  };

  // What the confirmations that cannot be undone share: a red button, busy while the call runs.
  const destructivo = { color: 'red', ocupado, onCerrar: () => setDialogo(null) };
  const puedeDuplicar = permitidas.duplicar;
  const hayMas = permitidas.rectificar || permitidas.anular || permitidas.borrar || puedeDuplicar;
  return (
    <>
      <Group gap="xs" data-testid="acciones">
        {lado.pdf && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />}>
                PDF
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setVistaPrevia(true)}>Vista previa</Menu.Item>
              <Menu.Item onClick={() => void pdf('ver')}>Ver en una pestaña nueva</Menu.Item>
              <Menu.Item onClick={() => void pdf('descargar')}>Descargar</Menu.Item>
              {permitidas.enviar && <Menu.Item onClick={() => setDialogo('enviar')}>Enviar por email…</Menu.Item>}
            </Menu.Dropdown>
          </Menu>
        )}
        <DescargarUbl base={base} doc={doc} />
        <DescargarFacturae base={base} doc={doc} />
        {tieneFacturaElectronica(base, doc) && <EstadoEnvioFactura doc={doc} />}
        {permitidas.convertir.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="light" loading={ocupado}>
                Convertir en…
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {permitidas.convertir.map((d) => (
                <Menu.Item key={d} onClick={() => void convertir(d)}>
                  {lado.recursos[d]?.singular ?? d}
                </Menu.Item>
              ))}
              {(doc.Lineas?.length ?? 0) > 0 && (
                <>
                  <Menu.Divider />
                  <Menu.Item onClick={() => setDialogo('parcial')}>Elegir líneas y cantidades…</Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
        {permitidas.cobrar && (
          <Button variant="light" color="green" onClick={() => setDialogo('cobro')}>
            {lado.pago.boton}
          </Button>
        )}
        {permitidas.emitir && (
          <Button color="blue" onClick={() => setDialogo('emitir')}>
            {lado.emision.boton}
          </Button>
        )}
        {permitidas.emitir && (
          <Button
            color="green"
            onClick={() =>
              void run(async () => {
                // Unsaved changes first: the dialog shows the saved total.
                if (await guardarAntes()) setDialogo('emitirYCobrar');
              })
            }
          >
            {lado.emision.botonYPago}
          </Button>
        )}
        {hayMas && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" aria-label="Más acciones">
                Más…
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {puedeDuplicar && (
                <Menu.Item onClick={() => navigate(`/${recurso}/nuevo`, { state: { copia: doc } })}>Duplicar</Menu.Item>
              )}
              {permitidas.rectificar && (
                <Menu.Item onClick={() => setDialogo('rectificar')}>Rectificar (factura rectificativa)</Menu.Item>
              )}
              {permitidas.anular && (
                <Menu.Item color="red" onClick={() => setDialogo('anular')}>
                  Anular
                </Menu.Item>
              )}
              {permitidas.borrar && (
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDialogo('borrar')}>
                  Eliminar el borrador
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      <Confirmar
        abierto={dialogo === 'emitir'}
        titulo={lado.emision.titulo}
        boton={lado.emision.boton}
        ocupado={ocupado}
        onCerrar={() => setDialogo(null)}
        onConfirmar={emitir}
      >
        Se le asignará el siguiente número de su serie y la fecha {doc.Fecha.split('-').reverse().join('/')}.{' '}
        {lado.emision.explica}
        {doc.Tipo === 'simplificada' && (
          <Checkbox
            mt="sm"
            label="Actividad minorista (factura simplificada hasta 3.000 €; si no, hasta 400 €)"
            checked={minorista}
            onChange={(e) => setMinorista(e.currentTarget.checked)}
          />
        )}
      </Confirmar>
      <Confirmar
        abierto={dialogo === 'anular'}
        titulo="Anular el documento"
        boton="Anular"
        {...destructivo}
        onConfirmar={anular}
      >
        El documento quedará anulado y no se podrá modificar ni convertir. ¿Seguro que quieres anularlo?
      </Confirmar>
      <Confirmar
        abierto={dialogo === 'borrar'}
        titulo="Eliminar el borrador"
        boton="Eliminar"
        {...destructivo}
        onConfirmar={borrar}
      >
        ¿Seguro que quieres eliminar este borrador?
      </Confirmar>
      {dialogo === 'rectificar' && (
        <RectificarDialogo
          doc={doc}
          onCerrar={() => setDialogo(null)}
          onHecho={async (id) => {
            setDialogo(null);
            notifySuccess(TEXTOS.rectificativa);
            await refrescar();
            navigate(`/fventa/editar/${id}`);
          }}
        />
      )}
      {dialogo === 'parcial' && (
        <ConvertirParcial
          doc={doc}
          destinos={permitidas.convertir}
          ocupado={ocupado}
          onCerrar={() => setDialogo(null)}
          onConvertir={(d, lineas) => void convertir(d, lineas)}
        />
      )}
      {vistaPrevia && (
        <VistaPreviaPdf ruta={`${base}/pdf/${doc.Id}`} doc={doc} onCerrar={() => setVistaPrevia(false)} />
      )}
      {dialogo === 'enviar' && (
        <EnviarDialogo
          recurso={recurso}
          doc={doc}
          onCerrar={() => setDialogo(null)}
          onHecho={(para) => {
            setDialogo(null);
            notifySuccess(TEXTOS.enviado(para));
          }}
        />
      )}
      {dialogo === 'emitirYCobrar' && (
        <EmitirYCobrar
          base={base}
          doc={doc}
          idCuentaDefecto={idCuentaDefecto}
          cuerpo={doc.Tipo === 'simplificada' ? { Minorista: minorista } : {}}
          onCerrar={() => setDialogo(null)}
          onHecho={async (emitida) => {
            setDialogo(null);
            notifySuccess(lado.emision.hechaYPago(emitida.NumSerie ?? String(emitida.Numero)));
            await refrescar();
          }}
        />
      )}
      {dialogo === 'cobro' && (
        <CobroDialogo
          doc={doc}
          pendiente={pendiente ?? doc.Total}
          idCuentaDefecto={idCuentaDefecto}
          onCerrar={() => setDialogo(null)}
          onHecho={async () => {
            setDialogo(null);
            notifySuccess(lado.pago.hecho);
            await refrescar();
          }}
        />
      )}
    </>
  );
}

function Confirmar(p: {
  abierto: boolean;
  titulo: string;
  boton: string;
  color?: string;
  ocupado: boolean;
  onCerrar: () => void;
  onConfirmar: () => void;
  children: React.ReactNode;
}) {
  return (
    <Modal opened={p.abierto} onClose={p.onCerrar} title={p.titulo} centered>
      <Text component="div" mb="md">
        {p.children}
      </Text>
      <BotonesDialogo
        onCancelar={p.onCerrar}
        color={p.color}
        loading={p.ocupado}
        onClick={p.onConfirmar}
        data-autofocus
      >
        {p.boton}
      </BotonesDialogo>
    </Modal>
  );
}
