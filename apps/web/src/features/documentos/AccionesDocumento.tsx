import {
  CAMPOS_LLEVADO,
  type DestinoConversion,
  dec,
  formatAmount,
  MSG,
  sub,
  superaPendiente,
  toFixed,
} from '@faro/domain';
import {
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { DateInput } from '../../ui/dates.ts';
import { errorLines } from '../../ui/form/FormField.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import { IconDownload, IconTrash } from '../../ui/icons.tsx';
import { invalidarDocumentos } from './documentosApi.ts';
import {
  type AccionesPermitidas,
  aDecimal,
  type DocumentoVenta,
  hoyIso,
  type LineaDoc,
  numeroEditable,
  TIPOS_RECTIFICATIVA,
} from './documentosModel.ts';
import { EmitirYCobrar, useCuentasCobro } from './EmitirYCobrar.tsx';
import { EnviarDialogo } from './EnviarDocumento.tsx';
import { rutaDe, useLado } from './lado.ts';
import { nombrePdf, VistaPreviaPdf } from './VistaPreviaPdf.tsx';

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
      else {
        const a = document.createElement('a');
        a.href = url;
        a.download = nombre;
        document.body.appendChild(a);
        a.click();
        a.remove();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close(); // downloads fail silently (spec section 8)
    }
  };

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
        color="red"
        ocupado={ocupado}
        onCerrar={() => setDialogo(null)}
        onConfirmar={anular}
      >
        El documento quedará anulado y no se podrá modificar ni convertir. ¿Seguro que quieres anularlo?
      </Confirmar>
      <Confirmar
        abierto={dialogo === 'borrar'}
        titulo="Eliminar el borrador"
        boton="Eliminar"
        color="red"
        ocupado={ocupado}
        onCerrar={() => setDialogo(null)}
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
      <Group justify="flex-end">
        <Button variant="default" onClick={p.onCerrar}>
          Cancelar
        </Button>
        <Button color={p.color} loading={p.ocupado} onClick={p.onConfirmar} data-autofocus>
          {p.boton}
        </Button>
      </Group>
    </Modal>
  );
}

function RectificarDialogo({
  doc,
  onCerrar,
  onHecho,
}: {
  doc: DocumentoVenta;
  onCerrar: () => void;
  onHecho: (id: number) => Promise<void>;
}) {
  const [tipo, setTipo] = useState(doc.Tipo === 'simplificada' ? 'R5' : 'R1');
  const [modo, setModo] = useState<'S' | 'I'>('I');
  const [ocupado, setOcupado] = useState(false);
  const enviar = async () => {
    setOcupado(true);
    try {
      const nueva = await api.post<DocumentoVenta>(`ventas/fventa/rectificar/${doc.Id}`, {
        TipoRectificativa: tipo,
        Modo: modo,
      });
      await onHecho(nueva.Id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setOcupado(false);
    }
  };
  return (
    <Modal opened onClose={onCerrar} title={`Rectificar la factura ${doc.NumSerie ?? ''}`} centered size="lg">
      <Stack>
        <Select
          label="Tipo de rectificativa"
          data={TIPOS_RECTIFICATIVA}
          value={tipo}
          allowDeselect={false}
          onChange={(v) => setTipo(v ?? 'R1')}
          comboboxProps={{ withinPortal: true }}
        />
        <Radio.Group label="Modo" value={modo} onChange={(v) => setModo(v as 'S' | 'I')}>
          <Stack gap={6} mt={6}>
            <Radio
              value="I"
              label="Por diferencias: las líneas restan de la original (por defecto, la anulan entera)"
            />
            <Radio
              value="S"
              label="Por sustitución: la rectificativa sustituye a la original con sus líneas corregidas"
            />
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          Se crea un borrador en la serie rectificativa de la factura. Revísalo y emítelo.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCerrar}>
            Cancelar
          </Button>
          <Button loading={ocupado} onClick={() => void enviar()}>
            Crear rectificativa
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A line to carry in a conversion: the origin line and the quantity (the server refuses more than pending). */
export interface LineaConvertir {
  Id: number;
  Cantidad: string;
}

/** The pending quantity of a line towards a destination (`edit/{id}` gives it; the whole line when absent). */
export function pendienteHacia(l: LineaDoc, tipoDestino: string): string {
  const campo = CAMPOS_LLEVADO[tipoDestino as DestinoConversion]?.pendiente;
  return (campo && l[campo]) || l.Cantidad;
}

/** True when `pedida` is not a quantity or does not fit in `pendiente` (other sign or more than it). */
export function cantidadNoValida(pedida: string, pendiente: string): boolean {
  const v = aDecimal(pedida);
  if (!/^[+-]?\d{1,12}([.]\d{1,3})?$/.test(v)) return true;
  return superaPendiente(v, pendiente);
}

/**
 * Partial conversion: the destination, and each line with its pending quantity towards it and the quantity to
 * carry (the pending one by default; 0 leaves the line out).
 */
function ConvertirParcial({
  doc,
  destinos,
  ocupado,
  onCerrar,
  onConvertir,
}: {
  doc: DocumentoVenta;
  destinos: string[];
  ocupado: boolean;
  onCerrar: () => void;
  onConvertir: (destino: string, lineas: LineaConvertir[]) => void;
}) {
  const lado = useLado();
  const tipoDe = (r: string) => lado.recursos[r]?.tipo ?? r;
  const lineas = (doc.Lineas ?? []).filter((l) => l.Id !== undefined);
  const [destino, setDestino] = useState<string>(destinos[0] ?? '');
  const inicial = (d: string) =>
    Object.fromEntries(lineas.map((l) => [l.Id as number, numeroEditable(pendienteHacia(l, tipoDe(d)))]));
  const [cantidades, setCantidades] = useState<Record<number, string>>(() => inicial(destino));
  const errores = Object.fromEntries(
    lineas.map((l) => {
      const pendiente = pendienteHacia(l, tipoDe(destino));
      const pedida = cantidades[l.Id as number] ?? '';
      return [l.Id as number, cantidadNoValida(pedida, pendiente) ? `Máximo ${numeroEditable(pendiente)}` : null];
    }),
  );
  const elegidas = lineas.filter((l) => Number(aDecimal(cantidades[l.Id as number] ?? '0')) !== 0);
  const hayErrores = Object.values(errores).some(Boolean);
  return (
    <Modal opened onClose={onCerrar} title="Convertir: líneas y cantidades" centered size="xl">
      <Stack>
        <Radio.Group
          label="Convertir en"
          value={destino}
          onChange={(v) => {
            setDestino(v);
            setCantidades(inicial(v));
          }}
        >
          <Group mt={6}>
            {destinos.map((d) => (
              <Radio key={d} value={d} label={lado.recursos[d]?.singular ?? d} />
            ))}
          </Group>
        </Radio.Group>
        <Table data-testid="lineas-parcial" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Línea</Table.Th>
              <Table.Th ta="right">Cantidad</Table.Th>
              <Table.Th ta="right">Pendiente</Table.Th>
              <Table.Th ta="right">A convertir</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lineas.map((l) => {
              const id = l.Id as number;
              return (
                <Table.Tr key={id}>
                  <Table.Td>
                    {l.Descripcion} · {formatAmount(l.Precio)}
                  </Table.Td>
                  <Table.Td ta="right">{numeroEditable(l.Cantidad)}</Table.Td>
                  <Table.Td ta="right" data-testid={`pendiente-${id}`}>
                    {numeroEditable(pendienteHacia(l, tipoDe(destino)))}
                  </Table.Td>
                  <Table.Td w={140}>
                    <TextInput
                      size="xs"
                      aria-label={`Cantidad a convertir de ${l.Descripcion}`}
                      value={cantidades[id] ?? ''}
                      error={errores[id]}
                      inputMode="decimal"
                      styles={{ input: { textAlign: 'right' } }}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setCantidades((c) => ({ ...c, [id]: v }));
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Pon 0 para dejar una línea fuera; lo que quede pendiente se podrá convertir más adelante.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCerrar}>
            Cancelar
          </Button>
          <Button
            loading={ocupado}
            disabled={elegidas.length === 0 || hayErrores}
            onClick={() =>
              onConvertir(
                destino,
                elegidas.map((l) => ({ Id: l.Id as number, Cantidad: aDecimal(cantidades[l.Id as number]!) })),
              )
            }
          >
            Convertir {elegidas.length} {elegidas.length === 1 ? 'línea' : 'líneas'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface CobroValores extends Record<string, unknown> {
  Importe: string;
  IdTesoreria: string | null;
  Fecha: string;
  Notas: string;
}

const validarCobro = (v: CobroValores) => {
  const out: Record<string, string[]> = {};
  if (!/^-?\d+([.,]\d{1,2})?$/.test(v.Importe.trim())) out.Importe = [MSG.format];
  if (!v.IdTesoreria) out.IdTesoreria = [MSG.required('Cuenta')];
  if (!v.Fecha) out.Fecha = [MSG.required('Fecha')];
  return out;
};

/** 'Registrar cobro': amount (the pending one by default), treasury account, date; into tesoreria/movstesoreriac. */
export function CobroDialogo(p: {
  doc: DocumentoVenta;
  pendiente: string;
  idCuentaDefecto: number | null;
  onCerrar: () => void;
  onHecho: () => Promise<void>;
}) {
  const cuentas = useCuentasCobro(p.idCuentaDefecto);
  if (!cuentas) return null;
  const { opciones, defecto } = cuentas;
  return <CobroForm {...p} opciones={opciones} defecto={defecto} />;
}

function CobroForm({
  doc,
  pendiente,
  opciones,
  defecto,
  onCerrar,
  onHecho,
}: {
  doc: DocumentoVenta;
  pendiente: string;
  opciones: { value: string; label: string }[];
  defecto: string | null;
  onCerrar: () => void;
  onHecho: () => Promise<void>;
}) {
  const lado = useLado();
  const form = useForm<CobroValores>(
    { Importe: numeroEditable(pendiente, 2), IdTesoreria: defecto, Fecha: hoyIso(), Notas: '' },
    validarCobro,
  );
  const guardar = () =>
    form.submit(
      async (v) => {
        await api.post(`${lado.pago.ruta}/save`, {
          IdFactura: doc.Id,
          Importe: aDecimal(v.Importe),
          IdTesoreria: Number(v.IdTesoreria),
          Fecha: v.Fecha,
          Notas: v.Notas.trim() || null,
        });
        await onHecho();
      },
      { force: true },
    );
  return (
    <Modal opened onClose={onCerrar} title={`${lado.pago.boton} de ${doc.NumSerie ?? 'la factura'}`} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void guardar();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Total {formatAmount(doc.Total)} · Pendiente {formatAmount(pendiente)}
          </Text>
          <TextInput
            label="Importe"
            withAsterisk
            inputMode="decimal"
            data-autofocus
            value={form.values.Importe}
            onChange={(e) => form.set('Importe', e.currentTarget.value)}
            onBlur={() => form.touch('Importe')}
            error={errorLines(form.errors('Importe'))}
            rightSection="€"
          />
          <Select
            label="Cuenta de tesorería"
            withAsterisk
            data={opciones}
            value={form.values.IdTesoreria}
            onChange={(v) => form.set('IdTesoreria', v)}
            error={errorLines(form.errors('IdTesoreria'))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <DateInput
            label="Fecha"
            withAsterisk
            valueFormat="DD/MM/YYYY"
            value={form.values.Fecha || null}
            onChange={(v) => form.set('Fecha', v ? String(v).slice(0, 10) : '')}
            error={errorLines(form.errors('Fecha'))}
          />
          <Textarea
            label="Notas"
            minRows={1}
            value={form.values.Notas}
            onChange={(e) => form.set('Notas', e.currentTarget.value)}
            error={errorLines(form.errors('Notas'))}
          />
          {form.formError && (
            <Text c="red" size="sm" role="alert">
              {form.formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCerrar}>
              Cancelar
            </Button>
            <Button type="submit" color="green" loading={form.submitting}>
              {lado.pago.boton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Pending amount = total − collections (exact decimals). */
export function pendienteDe(total: string, cobros: { Importe: string }[]): string {
  return toFixed(
    cobros.reduce((s, c) => sub(s, dec(c.Importe)), dec(total)),
    2,
  );
}
