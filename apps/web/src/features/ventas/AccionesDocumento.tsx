import { dec, formatAmount, MSG, type RecursoVenta, sub, toFixed } from '@faro/domain';
import { Button, Checkbox, Group, Menu, Modal, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IconDownload, IconTrash } from '../../app/shell/icons.tsx';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { selectableItems, useReferenceList } from '../../platform/referenceLists.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { errorLines } from '../../ui/form/FormField.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import { EnviarDialogo } from './EnviarDocumento.tsx';
import { nombrePdf, VistaPreviaPdf } from './VistaPreviaPdf.tsx';
import { invalidarVentas, rutaVentas } from './ventasApi.ts';
import {
  type AccionesPermitidas,
  aDecimal,
  type DocumentoVenta,
  hoyIso,
  numeroEditable,
  RECURSOS,
  TIPOS_RECTIFICATIVA,
} from './ventasModel.ts';

export const TEXTOS = {
  convertido: (destino: string) => `Se ha creado el ${destino.toLowerCase()} a partir de este documento`,
  emitida: (numero: string) => `La factura se ha emitido con el número ${numero}`,
  anulado: 'El documento se ha anulado',
  rectificativa: 'Se ha creado la factura rectificativa en borrador: revísala y emítela',
  cobro: 'El cobro se ha registrado correctamente',
  borrado: 'El documento se ha eliminado correctamente',
  enviado: (para: string) => `Documento enviado a ${para}`,
};

type Dialogo = null | 'emitir' | 'anular' | 'rectificar' | 'cobro' | 'borrar' | 'enviar' | 'parcial';

export interface AccionesProps {
  recurso: RecursoVenta;
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
  const client = useQueryClient();
  const navigate = useNavigate();
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const [vistaPrevia, setVistaPrevia] = useState(false);
  const [ocupado, setOcupado] = useState(false);
  const base = rutaVentas(recurso);
  const refrescar = () => invalidarVentas(client, info.IdEmpresa);

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

  const convertir = (destino: RecursoVenta, lineas?: number[]) =>
    run(async () => {
      if (!(await guardarAntes())) return;
      const nuevo = await api.post<DocumentoVenta>(`${base}/convertir/${doc.Id}`, {
        Destino: destino,
        ...(lineas ? { Lineas: lineas } : {}),
      });
      setDialogo(null);
      notifySuccess(TEXTOS.convertido(RECURSOS[destino].singular));
      await refrescar();
      navigate(`/${destino}/editar/${nuevo.Id}`);
    });

  const [minorista, setMinorista] = useState(false);
  const emitir = () =>
    run(async () => {
      if (!(await guardarAntes())) return;
      const emitida = await api.post<DocumentoVenta>(
        `${base}/emitir/${doc.Id}`,
        doc.Tipo === 'simplificada' ? { Minorista: minorista } : {},
      );
      setDialogo(null);
      notifySuccess(TEXTOS.emitida(emitida.NumSerie ?? String(emitida.Numero)));
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
                  {RECURSOS[d].singular}
                </Menu.Item>
              ))}
              {(doc.Lineas?.length ?? 0) > 1 && (
                <>
                  <Menu.Divider />
                  <Menu.Item onClick={() => setDialogo('parcial')}>Sólo algunas líneas…</Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
        {permitidas.cobrar && (
          <Button variant="light" color="green" onClick={() => setDialogo('cobro')}>
            Registrar cobro
          </Button>
        )}
        {permitidas.emitir && (
          <Button color="blue" onClick={() => setDialogo('emitir')}>
            Emitir
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
        titulo="Emitir la factura"
        boton="Emitir"
        ocupado={ocupado}
        onCerrar={() => setDialogo(null)}
        onConfirmar={emitir}
      >
        Se le asignará el siguiente número de su serie y la fecha {doc.Fecha.split('-').reverse().join('/')}. Una
        factura emitida no se puede modificar ni borrar: sólo corregir con una factura rectificativa.
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
      {dialogo === 'cobro' && (
        <CobroDialogo
          doc={doc}
          pendiente={pendiente ?? doc.Total}
          idCuentaDefecto={idCuentaDefecto}
          onCerrar={() => setDialogo(null)}
          onHecho={async () => {
            setDialogo(null);
            notifySuccess(TEXTOS.cobro);
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

/** Partial conversion: the destination and the lines to carry (each line goes once to each kind). */
function ConvertirParcial({
  doc,
  destinos,
  ocupado,
  onCerrar,
  onConvertir,
}: {
  doc: DocumentoVenta;
  destinos: RecursoVenta[];
  ocupado: boolean;
  onCerrar: () => void;
  onConvertir: (destino: RecursoVenta, lineas: number[]) => void;
}) {
  const lineas = (doc.Lineas ?? []).filter((l) => l.Id !== undefined);
  const [destino, setDestino] = useState<RecursoVenta>(destinos[0] ?? 'fventa');
  const [elegidas, setElegidas] = useState<number[]>(lineas.map((l) => l.Id as number));
  return (
    <Modal opened onClose={onCerrar} title="Convertir sólo algunas líneas" centered size="lg">
      <Stack>
        <Radio.Group label="Convertir en" value={destino} onChange={(v) => setDestino(v as RecursoVenta)}>
          <Group mt={6}>
            {destinos.map((d) => (
              <Radio key={d} value={d} label={RECURSOS[d].singular} />
            ))}
          </Group>
        </Radio.Group>
        <Stack gap={6} data-testid="lineas-parcial">
          {lineas.map((l) => (
            <Checkbox
              key={l.Id}
              checked={elegidas.includes(l.Id as number)}
              onChange={(e) => {
                const id = l.Id as number;
                const on = e.currentTarget.checked;
                setElegidas((xs) => (on ? [...xs, id] : xs.filter((x) => x !== id)));
              }}
              label={`${l.Descripcion} · ${numeroEditable(l.Cantidad)} × ${formatAmount(l.Precio)} = ${formatAmount(l.Importe)}`}
            />
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCerrar}>
            Cancelar
          </Button>
          <Button
            loading={ocupado}
            disabled={elegidas.length === 0}
            onClick={() =>
              onConvertir(
                destino,
                lineas.map((l) => l.Id as number).filter((id) => elegidas.includes(id)),
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
function CobroDialogo(p: {
  doc: DocumentoVenta;
  pendiente: string;
  idCuentaDefecto: number | null;
  onCerrar: () => void;
  onHecho: () => Promise<void>;
}) {
  const cuentas = useReferenceList('tesoreria');
  if (!cuentas.data) return null;
  const opciones = selectableItems(cuentas.data, []);
  const defecto =
    (p.idCuentaDefecto && opciones.some((o) => o.value === String(p.idCuentaDefecto))
      ? String(p.idCuentaDefecto)
      : null) ??
    opciones[0]?.value ??
    null;
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
  const form = useForm<CobroValores>(
    { Importe: numeroEditable(pendiente, 2), IdTesoreria: defecto, Fecha: hoyIso(), Notas: '' },
    validarCobro,
  );
  const guardar = () =>
    form.submit(
      async (v) => {
        await api.post('tesoreria/movstesoreriac/save', {
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
    <Modal opened onClose={onCerrar} title={`Registrar cobro de ${doc.NumSerie ?? 'la factura'}`} centered>
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
              Registrar cobro
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
