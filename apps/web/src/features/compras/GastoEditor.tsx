import { LEVEL_FOR_ACTION, levelIn, MSG } from '@faro/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { errorLines } from '../../ui/form/FormField.tsx';
import { ligarEntrada } from '../../ui/form/Formulario.tsx';
import { type FormErrors, useForm } from '../../ui/form/useForm.ts';
import { IconPlus, IconTrash } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { BuscadorSelect } from '../documentos/BuscadorSelect.tsx';
import { FormaPagoSelect, RetencionInput } from '../documentos/CamposDocumento.tsx';
import { CobroDialogo } from '../documentos/CobroDialogo.tsx';
import { CobrosFactura, useCobrosFactura } from '../documentos/CobrosFactura.tsx';
import {
  type ClienteFila,
  invalidarDocumentos,
  type TipoIvaFila,
  tipoIvaDefecto,
} from '../documentos/documentosApi.ts';
import { campoDe, type DocumentoVenta, hoyIso } from '../documentos/documentosModel.ts';
import { EstadoBadges } from '../documentos/EstadoBadges.tsx';
import { useLado } from '../documentos/lado.ts';
import { CampoFecha, MarcoEditor, useEditorDocumento } from '../documentos/MarcoEditor.tsx';
import { TotalesCard } from '../documentos/TotalesCard.tsx';
import { etiquetaCliente } from '../documentos/terceroDocumento.ts';
import { AdjuntoOriginal, problemaAdjunto } from './AdjuntoOriginal.tsx';
import {
  CATEGORIAS_GASTO,
  cuerpoGasto,
  filaGasto,
  type GastoValores,
  opcionesCategorias,
  totalesGasto,
  validarGasto,
  valoresGasto,
} from './gastoModel.ts';

const RUTA = 'compras/fgasto';

/** `fgasto/nuevo` and `fgasto/editar/{id}`: the expense quick form, built for the phone (one column, camera). */
export function GastoEditor({ id }: { id?: string }) {
  const { info, centro } = useReady();
  const level = levelIn(info, 'ComprasFact', centro);
  const editor = useEditorDocumento('fgasto', RUTA, id, level, (mensaje) => (
    <Alert color="red" role="alert" maw={720}>
      {mensaje}
    </Alert>
  ));
  if (editor.espera) return editor.espera;
  const { fila: row, tipos, configura } = editor;
  return (
    <GastoForm
      key={`${id ?? 'nuevo'}-${row.dataUpdatedAt}`}
      id={id ? Number(id) : undefined}
      doc={row.data}
      level={level}
      tipos={tipos.data ?? []}
      ivaDefecto={tipoIvaDefecto(tipos.data ?? [], configura.data ?? null)}
      idCuentaDefecto={configura.data?.IdCuentaTesoreria ?? null}
    />
  );
}

function useCategorias() {
  const { info } = useReady();
  return useQuery({
    queryKey: [...qk.ref(info.IdEmpresa, 'categoriasgasto')],
    queryFn: async () => {
      try {
        const o = opcionesCategorias(await api.get<unknown>(`${RUTA}/categorias`, { background: true, silent: true }));
        return o.length ? o : CATEGORIAS_GASTO;
      } catch {
        return CATEGORIAS_GASTO;
      }
    },
    staleTime: 10 * 60_000,
  });
}

function GastoForm({
  id,
  doc,
  level,
  tipos,
  ivaDefecto,
  idCuentaDefecto,
}: {
  id?: number;
  doc?: DocumentoVenta;
  level: number;
  tipos: TipoIvaFila[];
  ivaDefecto: string;
  idCuentaDefecto: number | null;
}) {
  const { info } = useReady();
  const lado = useLado();
  const client = useQueryClient();
  const navigate = useNavigate();
  const registrado = !!doc && doc.Numero !== null;
  const readOnly = registrado || doc?.Estado === 'Anulada' || level < LEVEL_FOR_ACTION.update;
  const titulo = doc ? `Gasto ${doc.NumSerie ?? '(borrador)'}` : 'Nuevo gasto';
  usePageTitle(titulo);
  const validate = useCallback((v: GastoValores) => validarGasto(v) as FormErrors<GastoValores>, []);
  const form = useForm<GastoValores>(valoresGasto(doc, hoyIso(), ivaDefecto), validate, (c) =>
    campoDe(c) === 'NombreProveedor' ? 'Proveedor' : (campoDe(c) as keyof GastoValores & string),
  );
  const [proveedor, setProveedor] = useState(doc?.Cliente && !doc.NombreProveedor ? doc.ClienteNombre : '');
  const [foto, setFoto] = useState<File | null>(null);
  const [errorFoto, setErrorFoto] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [pagar, setPagar] = useState(false);
  const categorias = useCategorias();
  const totales = useMemo(() => totalesGasto(form.values, tipos), [form.values, tipos]);
  const { cobros, pendiente, nivelCobros } = useCobrosFactura(doc, id, true, lado.pago);
  const err = (k: string) => errorLines(form.errors(k as keyof GastoValores & string));
  const refrescar = () => invalidarDocumentos(client, info.IdEmpresa, lado.invalidar);

  const elegirFoto = (f: File | null) => {
    const problema = f ? problemaAdjunto(f) : null;
    setErrorFoto(problema);
    setFoto(problema ? null : f);
  };

  const guardar = () =>
    form.submit(
      async (v) => {
        const body = cuerpoGasto(v);
        const saved = id
          ? await api.put<DocumentoVenta>(`${RUTA}/save/${id}`, body, { silent: true })
          : await api.post<DocumentoVenta>(`${RUTA}/save`, body, { silent: true });
        if (foto) {
          try {
            await api.upload(`${RUTA}/adjunto/${saved.Id}`, foto, { silent: true });
            setFoto(null);
          } catch (e) {
            // The expense is saved; the photo can be attached again from its page.
            setErrorFoto(
              `El gasto se ha guardado, pero la foto no: ${e instanceof ApiError ? e.message : 'inténtalo de nuevo'}`,
            );
          }
        }
        notifySuccess(MSG.saved);
        await client.invalidateQueries({ queryKey: qk.row(info.IdEmpresa, 'fgasto', saved.Id) });
        await refrescar();
        if (!id) navigate(`/fgasto/editar/${saved.Id}`, { replace: true });
      },
      { force: !id, toast: false },
    );

  const accion = async (fn: () => Promise<void>) => {
    setOcupado(true);
    try {
      await fn();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setOcupado(false);
    }
  };
  const registrar = () =>
    accion(async () => {
      if (form.dirty && !(await guardar())) return;
      const r = await api.post<DocumentoVenta>(`${RUTA}/registrar/${id}`, {});
      notifySuccess(lado.emision.hecha(r.NumSerie ?? String(r.Numero)));
      await client.invalidateQueries({ queryKey: qk.row(info.IdEmpresa, 'fgasto', id ?? 0) });
      await refrescar();
    });
  const borrar = () =>
    accion(async () => {
      await api.del(`${RUTA}/delete/${id}`);
      notifySuccess('El documento se ha eliminado correctamente');
      await refrescar();
      navigate('/fcompra/lista');
    });

  const setFila = (i: number, patch: Partial<GastoValores['Desglose'][number]>) =>
    form.set(
      'Desglose',
      form.values.Desglose.map((f, k) => (k === i ? { ...f, ...patch } : f)),
    );
  const tipoOpts = tipos.filter((t) => !t.Baja).map((t) => ({ value: t.Valor, label: t.Descripcion }));
  const retencion = Number((form.values.PorcRetencion || '0').replace(',', '.')) > 0;
  const puedePagar = registrado && doc?.Estado !== 'Anulada' && doc?.EstadoCobro !== 'Pagado' && nivelCobros >= 2;

  return (
    <MarcoEditor
      readOnly={readOnly}
      guardar={guardar}
      volver={{ to: '/fcompra/lista', texto: 'Facturas y gastos' }}
      titulo={titulo}
      badges={doc && <EstadoBadges doc={{ ...doc, Tipo: 'factura' }} />}
      guardando={form.submitting}
      maw={760}
      acciones={
        <>
          {doc && !registrado && doc.Estado !== 'Anulada' && level >= LEVEL_FOR_ACTION.delete && (
            <Button variant="subtle" color="red" loading={ocupado} onClick={() => void borrar()}>
              Eliminar el borrador
            </Button>
          )}
          {doc && !registrado && doc.Estado !== 'Anulada' && level >= LEVEL_FOR_ACTION.update && (
            <Button variant="light" loading={ocupado} onClick={() => void registrar()}>
              Registrar
            </Button>
          )}
          {puedePagar && (
            <Button variant="light" color="green" onClick={() => setPagar(true)}>
              {lado.pago.boton}
            </Button>
          )}
        </>
      }
    >
      {registrado && (
        <Alert color="blue" variant="light" data-testid="solo-lectura">
          Gasto registrado: no se puede modificar.
        </Alert>
      )}
      {form.formError && (
        <Alert color="red" variant="light" role="alert" data-testid="error-formulario">
          {form.formError}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <FileButton onChange={elegirFoto} accept="image/*" capture="environment">
            {(props) =>
              !readOnly && (
                <Button {...props} size="md" variant="light" data-testid="foto-ticket">
                  {foto ? `Foto: ${foto.name}` : 'Hacer foto del ticket'}
                </Button>
              )
            }
          </FileButton>
          {errorFoto && (
            <Alert color="red" variant="light" role="alert" data-testid="foto-error">
              {errorFoto}
            </Alert>
          )}
          <BuscadorSelect<ClienteFila>
            path={lado.tercero.path}
            entidad={lado.tercero.entidad}
            label="Proveedor"
            placeholder="Busca por código, nombre o NIF"
            autoFocus={!doc}
            value={form.values.Proveedor}
            etiqueta={proveedor}
            opcion={etiquetaCliente}
            readOnly={readOnly}
            error={err('Proveedor')}
            onPick={(c) => {
              form.set('Proveedor', c?.Id ?? null);
              setProveedor(c?.Nombre ?? '');
              if (c) form.set('NombreProveedor', '');
              if (c?.IdFormaPago) form.set('IdFormaPago', c.IdFormaPago);
            }}
          />
          {!form.values.Proveedor && (
            <TextInput
              label="O el nombre del ticket (sin ficha de proveedor)"
              {...ligarEntrada(form, 'NombreProveedor')}
              readOnly={readOnly}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <CampoFecha
              label="Fecha"
              required
              value={form.values.Fecha}
              readOnly={readOnly}
              onChange={(v) => form.set('Fecha', v)}
              error={err('Fecha')}
            />
            <TextInput
              label="Número del ticket o factura"
              {...ligarEntrada(form, 'NumFacturaProveedor')}
              readOnly={readOnly}
            />
          </SimpleGrid>
          <TextInput
            label="Concepto"
            withAsterisk={!readOnly}
            placeholder="Gasoil, teléfono, material de oficina…"
            {...ligarEntrada(form, 'Concepto')}
            readOnly={readOnly}
            onBlur={() => form.touch('Concepto')}
          />
          <Select
            label="Categoría"
            data={categorias.data ?? CATEGORIAS_GASTO}
            value={form.values.Categoria}
            searchable
            clearable
            readOnly={readOnly}
            onChange={(v) => form.set('Categoria', v)}
            error={err('Categoria')}
            comboboxProps={{ withinPortal: true }}
          />
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Title order={2} fz="h5" mb="xs">
          Importes
        </Title>
        <Stack gap="xs">
          {form.values.Desglose.map((f, i) => (
            <Group key={f.key} gap="xs" align="flex-start" wrap="nowrap" data-testid={`fila-gasto-${i + 1}`}>
              <TextInput
                style={{ flex: 1 }}
                label={`Base imponible ${i + 1}`}
                inputMode="decimal"
                rightSection="€"
                value={f.Base}
                readOnly={readOnly}
                onChange={(e) => setFila(i, { Base: e.currentTarget.value })}
                error={err(`Desglose.${i}.Base`)}
              />
              <Select
                w={150}
                label={`IVA ${i + 1}`}
                data={tipoOpts}
                value={f.TipoIva || null}
                readOnly={readOnly}
                allowDeselect={false}
                onChange={(v) => setFila(i, { TipoIva: v ?? '' })}
                error={err(`Desglose.${i}.TipoIva`)}
                comboboxProps={{ withinPortal: true }}
              />
              {!readOnly && form.values.Desglose.length > 1 && (
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={`Quitar el importe ${i + 1}`}
                  onClick={() =>
                    form.set(
                      'Desglose',
                      form.values.Desglose.filter((_, k) => k !== i),
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {errorLines(form.errors('Desglose')) && (
            <Text size="sm" c="red" role="alert">
              {errorLines(form.errors('Desglose'))}
            </Text>
          )}
          {!readOnly && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.set('Desglose', [...form.values.Desglose, filaGasto(ivaDefecto)])}
              style={{ alignSelf: 'flex-start' }}
            >
              Otro tipo de IVA
            </Button>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <RetencionInput
              value={form.values.PorcRetencion}
              readOnly={readOnly}
              onChange={(v) => form.set('PorcRetencion', v)}
              onBlur={() => form.touch('PorcRetencion')}
              error={err('PorcRetencion')}
            />
            {retencion && (
              <Select
                label="Clave de la retención"
                data={[
                  { value: '111', label: 'Profesionales (modelo 111)' },
                  { value: '115', label: 'Alquileres (modelo 115)' },
                ]}
                value={form.values.ClaveRetencion}
                readOnly={readOnly}
                onChange={(v) => form.set('ClaveRetencion', v)}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </SimpleGrid>
          <FormaPagoSelect
            value={form.values.IdFormaPago}
            onChange={(v) => form.set('IdFormaPago', v)}
            readOnly={readOnly}
            error={err('IdFormaPago')}
          />
        </Stack>
      </Card>

      <TotalesCard
        totales={registrado && doc ? { ...doc, Desglose: doc.Desglose ?? [] } : totales}
        porcRetencion={form.values.PorcRetencion}
      />

      {doc && id && <AdjuntoOriginal doc={doc} recurso="fgasto" readOnly={readOnly} />}

      {registrado && doc && cobros && <CobrosFactura doc={doc} cobros={cobros} pendiente={pendiente} />}
      {pagar && doc && (
        <CobroDialogo
          doc={doc}
          pendiente={pendiente ?? doc.Total}
          idCuentaDefecto={idCuentaDefecto}
          onCerrar={() => setPagar(false)}
          onHecho={async () => {
            setPagar(false);
            notifySuccess(lado.pago.hecho);
            await refrescar();
            await client.invalidateQueries({ queryKey: qk.row(info.IdEmpresa, 'fgasto', id ?? 0) });
          }}
        />
      )}
    </MarcoEditor>
  );
}
