import { decimalEditable, formatAmount, formatDate } from '@faro/domain';
import { Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { CabeceraPantalla } from '../../ui/CabeceraPantalla.tsx';
import { FechaIso } from '../../ui/fields/FechaIso.tsx';
import { ligarSelect, ligarTexto, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { GraficoLinea } from '../../ui/graficos/index.tsx';
import { ExportMenu } from '../../ui/list/ExportMenu.tsx';
import { FilaCompacta } from '../../ui/list/FilaCompacta.tsx';
import { FiltroFecha, FiltroSelect } from '../../ui/list/listFilters.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { Pestanas } from '../../ui/Pestanas.tsx';
import { ExtractosPanel } from './ExtractosPanel.tsx';
import {
  type Cuenta,
  dinero,
  hoyIso,
  type Movimiento,
  useConceptos,
  useRefrescar,
  useSaldos,
} from './tesoreriaModel.ts';

const SI_NO = [
  { value: 'true', label: 'Sí' },
  { value: 'false', label: 'No' },
];
const TIPOS = [
  { value: 'cobro', label: 'Cobro' },
  { value: 'pago', label: 'Pago' },
  { value: 'manual', label: 'Manual' },
];
const MARCAS = [
  ['Remesado', 'grape'],
  ['Arqueado', 'orange'],
  ['Conciliado', 'green'],
] as const;
const CLASES: Record<string, string> = {
  manual: 'Manual',
  traspaso: 'Traspaso',
  comision: 'Comisión',
  arqueo: 'Arqueo',
  cobro: 'Cobro',
  pago: 'Pago',
};

/** Fecha typed the Spanish way (dd/mm/aaaa), kept as ISO. */
export function CampoFecha(p: {
  label: string;
  value: string | null;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  return <FechaIso withAsterisk {...p} />;
}

/** movstesoreria: the treasury home (accounts, balances, chart), the movements list and bank statements. */
export function MovimientosScreen({ title, segments }: { title: string; segments: string[] }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = params.get('pestana') ?? 'movimientos';
  const [modal, setModal] = useState<'nuevo' | 'traspaso' | null>(null);
  const editar = segments[0] === 'editar' && segments[1] ? Number(segments[1]) : null;
  return (
    <Stack gap="md">
      <CabeceraPantalla titulo={title}>
        <Group gap="xs">
          <BotonProtegido permiso="TesoMovsCajaBanco" accion="crear" onClick={() => setModal('nuevo')}>
            Nuevo movimiento
          </BotonProtegido>
          <BotonProtegido
            permiso="TesoMovsCajaBanco"
            accion="crear"
            variant="light"
            onClick={() => setModal('traspaso')}
          >
            Traspaso
          </BotonProtegido>
        </Group>
      </CabeceraPantalla>
      <Pestanas
        value={tab}
        onChange={(t) =>
          setParams(t && t !== 'movimientos' ? new URLSearchParams({ pestana: t }) : new URLSearchParams())
        }
        keepMounted={false}
        pestanas={[
          { valor: 'movimientos', etiqueta: 'Movimientos', contenido: <ListaMovimientos /> },
          { valor: 'cuentas', etiqueta: 'Cuentas y saldos', contenido: <CuentasSaldos /> },
          { valor: 'extractos', etiqueta: 'Extractos bancarios', contenido: <ExtractosPanel /> },
        ]}
      />
      {modal === 'nuevo' && <MovimientoManual id={null} onClose={() => setModal(null)} />}
      {modal === 'traspaso' && <Traspaso onClose={() => setModal(null)} />}
      {editar && <MovimientoManual id={editar} onClose={() => navigate('/movstesoreria')} />}
    </Stack>
  );
}

/** Accounts with their balance and the chart of the chosen one (the treasury home). */
function CuentasSaldos() {
  const { info } = useReady();
  const saldos = useSaldos();
  const cuentas = (saldos.data?.Items ?? []).filter((c) => !c.Baja);
  const [elegida, setElegida] = useState<string | null>(null);
  const id = elegida ?? (cuentas[0] ? String(cuentas[0].Id) : null);
  const evolucion = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'movstesoreria', { evolucion: id }),
    queryFn: () =>
      api.get<{ Items: { Fecha: string; Saldo: string }[] }>(`tesoreria/movstesoreria/evolucion/${id}`, {
        params: { Hasta: hoyIso() },
      }),
    enabled: !!id,
  });
  const total = cuentas.reduce((s, c) => s + Math.round(Number(c.Saldo) * 100), 0);
  const cuenta = cuentas.find((c) => String(c.Id) === id);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="saldos">
        {cuentas.map((c: Cuenta) => (
          <Card key={c.Id} withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{c.Nombre}</Text>
              <Badge variant="light" color={c.Tipo === 'caja' ? 'orange' : 'blue'}>
                {c.Tipo === 'caja' ? 'Caja' : 'Banco'}
              </Badge>
            </Group>
            <Text fz="xl" fw={700}>
              {dinero(c.Saldo)}
            </Text>
            {c.SaldoPrevisto !== undefined && c.SaldoPrevisto !== c.Saldo && (
              <Text size="sm">Previsto: {dinero(c.SaldoPrevisto)}</Text>
            )}
            <Text size="sm" c="dimmed">
              {c.Movimientos} movimientos{c.UltimoMovimiento ? ` · último ${formatDate(c.UltimoMovimiento)}` : ''}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text fw={600}>Total en tesorería: {dinero((total / 100).toFixed(2))}</Text>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Select
            label="Evolución del saldo (90 días)"
            data={cuentas.map((c) => ({ value: String(c.Id), label: c.Nombre }))}
            value={id}
            onChange={setElegida}
            w={{ base: '100%', sm: 320 }}
            allowDeselect={false}
          />
          {evolucion.data &&
            (evolucion.data.Items.length < 2 ? (
              <Text c="dimmed">Sin movimientos suficientes para el gráfico</Text>
            ) : (
              <GraficoLinea
                titulo={`Saldo de ${cuenta?.Nombre ?? ''}`}
                datos={evolucion.data.Items.map((p) => ({ Fecha: p.Fecha, Saldo: Number(p.Saldo) }))}
                eje="Fecha"
                nombreEje="Fecha"
                etiqueta={formatDate}
                series={[{ clave: 'Saldo', nombre: 'Saldo', color: 'blue.7' }]}
                formato={(v) => formatAmount(v)}
              />
            ))}
        </Stack>
      </Card>
    </Stack>
  );
}

function ListaMovimientos() {
  const saldos = useSaldos();
  const conceptos = useConceptos();
  const list = usePagedList<Movimiento>({
    entidad: 'movstesoreria',
    path: 'tesoreria/movstesoreria/list',
    filters: ['cuenta', 'tipo', 'concepto', 'desde', 'hasta', 'remesado', 'arqueado'],
    filtros: (v) => ({
      ...(v.cuenta ? { IdTesoreria: Number(v.cuenta) } : {}),
      ...(v.tipo ? { Tipo: v.tipo } : {}),
      ...(v.concepto ? { IdConcepto: Number(v.concepto) } : {}),
      ...(v.desde ? { FechaDesde: v.desde } : {}),
      ...(v.hasta ? { FechaHasta: v.hasta } : {}),
      ...(v.remesado ? { Remesado: v.remesado } : {}),
      ...(v.arqueado ? { Arqueado: v.arqueado } : {}),
    }),
  });
  const v = list.values;
  // 'Exportar': the list's filters and order, every page.
  const { Pagina: _p, TotalPagina: _t, ...paramsExportar } = list.params;
  const marcas = (m: Movimiento) => (
    <Group gap={4}>
      {MARCAS.filter(([k]) => m[k]).map(([k, color]) => (
        <Badge key={k} size="sm" variant="light" color={color}>
          {k}
        </Badge>
      ))}
    </Group>
  );
  const opciones = (xs: { Id: number }[] | undefined, texto: (x: never) => string) =>
    (xs ?? []).map((x) => ({ value: String(x.Id), label: texto(x as never) }));
  const selects: [string, string, string, { value: string; label: string }[]][] = [
    ['cuenta', 'Cuenta', 'Todas', opciones(saldos.data?.Items, (c: { Nombre: string }) => c.Nombre)],
    ['tipo', 'Tipo', 'Todos', TIPOS],
    ['concepto', 'Concepto', 'Todos', opciones(conceptos.data?.Items, (c: { Descripcion: string }) => c.Descripcion)],
    ['remesado', 'Remesado', 'Todos', SI_NO],
    ['arqueado', 'Arqueado', 'Todos', SI_NO],
  ];
  const columns: DataTableColumn<Movimiento>[] = [
    { accessor: 'Fecha', title: 'Fecha', width: 110, render: (m) => formatDate(m.Fecha) },
    { accessor: 'Cuenta', title: 'Cuenta' },
    { accessor: 'Clase', title: 'Tipo', render: (m) => CLASES[m.Clase] ?? m.Clase },
    { accessor: 'Descripcion', title: 'Concepto' },
    { accessor: 'Importe', title: 'Importe', textAlign: 'right', render: (m) => dinero(m.Importe) },
    { accessor: 'Saldo', title: 'Saldo', textAlign: 'right', render: (m) => dinero(m.Saldo) },
    { accessor: 'Remesado', title: 'Estado', render: marcas },
  ];
  return (
    <PagedList<Movimiento>
      data-testid="lista-movimientos"
      list={list}
      actions={<ExportMenu path="tesoreria/movstesoreria/export" params={paramsExportar} fileBase="movstesoreria" />}
      filterCols={{ base: 1, sm: 3, md: 4 }}
      filters={
        <>
          {selects.map(([k, label, placeholder, data]) => (
            <FiltroSelect
              key={k}
              label={label}
              placeholder={placeholder}
              data={data}
              value={v[k] ?? ''}
              onChange={(x) => list.set({ [k]: x })}
            />
          ))}
          <FiltroFecha label="Desde" value={v.desde ?? ''} onChange={(x) => list.set({ desde: x })} />
          <FiltroFecha label="Hasta" value={v.hasta ?? ''} onChange={(x) => list.set({ hasta: x })} />
        </>
      }
      columns={columns}
      compact={(m) => (
        <FilaCompacta titulo={`${formatDate(m.Fecha)} · ${m.Cuenta}`} valor={dinero(m.Importe)}>
          <Text size="sm" lineClamp={1}>
            {m.Descripcion}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Saldo {dinero(m.Saldo)}
            </Text>
            {marcas(m)}
          </Group>
        </FilaCompacta>
      )}
      rowHref={(m) =>
        m.Tipo === 'manual'
          ? `/movstesoreria/editar/${m.Id}`
          : m.Tipo === 'cobro'
            ? `/fventa/editar/${m.IdFactura}`
            : `/fcompra/editar/${m.IdFactura}`
      }
      noRecordsText={list.activos ? 'No hay movimientos con estos filtros' : 'Todavía no hay movimientos de tesorería'}
    />
  );
}

interface ManualJson {
  Id: number;
  IdTesoreria: number;
  Fecha: string;
  Importe: string;
  IdConcepto: number | null;
  Descripcion: string;
  Clase: string;
  Bloqueado: boolean;
}

/** New or existing manual movement (read-only once counted or reconciled, or when it is a fee or a count). */
function MovimientoManual({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const saldos = useSaldos();
  const conceptos = useConceptos();
  const actual = useQuery({
    queryKey: qk.row(info.IdEmpresa, 'movstesoreria', id ?? 0),
    queryFn: () => api.get<ManualJson>(`tesoreria/movstesoreria/edit/${id}`),
    enabled: id !== null,
  });
  const [v, setV] = useState<Record<string, string>>({});
  const { errores, intentar } = useErroresCampo();
  const base = actual.data;
  const val = (k: string, d: string) => v[k] ?? d;
  const valores = {
    IdTesoreria: val('IdTesoreria', base ? String(base.IdTesoreria) : ''),
    Fecha: val('Fecha', base?.Fecha ?? hoyIso()),
    Importe: val('Importe', base ? decimalEditable(base.Importe) : ''),
    IdConcepto: val('IdConcepto', base?.IdConcepto ? String(base.IdConcepto) : ''),
    Descripcion: val('Descripcion', base?.Descripcion ?? ''),
  };
  const soloLectura = !!base && (base.Bloqueado || (base.Clase !== 'manual' && base.Clase !== 'traspaso'));
  const texto = ligarTexto(valores, setV, errores);
  const select = ligarSelect(valores, setV, errores);
  const guardar = () =>
    intentar(async () => {
      const body = { ...valores, IdConcepto: valores.IdConcepto || null };
      if (id) await api.put(`tesoreria/movstesoreria/save/${id}`, body);
      else await api.post('tesoreria/movstesoreria/save', body);
      notifySuccess('El movimiento se ha guardado correctamente');
      await refrescar();
      onClose();
    });
  const borrar = async () => {
    await api.del(`tesoreria/movstesoreria/delete/${id}`);
    notifySuccess('El movimiento se ha borrado');
    await refrescar();
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={id ? 'Movimiento manual' : 'Nuevo movimiento'} size="lg">
      <Stack gap="sm">
        {soloLectura && (
          <Text c="dimmed" size="sm">
            Este movimiento está arqueado, conciliado o lo generó una remesa o un arqueo: no se puede cambiar.
          </Text>
        )}
        <Select
          label="Cuenta"
          withAsterisk
          data={(saldos.data?.Items ?? []).map((c) => ({ value: String(c.Id), label: c.Nombre }))}
          {...select('IdTesoreria')}
          disabled={soloLectura}
        />
        <Group grow align="flex-start">
          <CampoFecha label="Fecha" {...select('Fecha')} />
          <TextInput
            label="Importe"
            description="En negativo si es una salida"
            withAsterisk
            {...texto('Importe')}
            disabled={soloLectura}
          />
        </Group>
        <Select
          label="Concepto"
          clearable
          data={(conceptos.data?.Items ?? []).map((c) => ({ value: String(c.Id), label: c.Descripcion }))}
          {...select('IdConcepto')}
          disabled={soloLectura}
        />
        <TextInput label="Descripción" withAsterisk {...texto('Descripcion')} disabled={soloLectura} />
        <Group justify="space-between">
          {id && !soloLectura ? (
            <BotonProtegido
              permiso="TesoMovsCajaBanco"
              accion="borrar"
              ocultar
              color="red"
              variant="light"
              onClick={borrar}
            >
              Borrar
            </BotonProtegido>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onClose}>
              {soloLectura ? 'Cerrar' : 'Cancelar'}
            </Button>
            {!soloLectura && (
              <BotonProtegido permiso="TesoMovsCajaBanco" accion={id ? 'editar' : 'crear'} onClick={guardar}>
                Guardar
              </BotonProtegido>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function Traspaso({ onClose }: { onClose: () => void }) {
  const refrescar = useRefrescar();
  const saldos = useSaldos();
  const [v, setV] = useState({ IdOrigen: '', IdDestino: '', Fecha: hoyIso(), Importe: '', Descripcion: '' });
  const { errores, intentar } = useErroresCampo();
  const texto = ligarTexto(v, setV, errores);
  const select = ligarSelect(v, setV, errores);
  const opciones = (saldos.data?.Items ?? [])
    .filter((c) => !c.Baja)
    .map((c) => ({ value: String(c.Id), label: c.Nombre }));
  const guardar = () =>
    intentar(async () => {
      await api.post('tesoreria/movstesoreria/traspaso', { ...v, Descripcion: v.Descripcion || undefined });
      notifySuccess('El traspaso se ha guardado correctamente');
      await refrescar();
      onClose();
    });
  return (
    <Modal opened onClose={onClose} title="Traspaso entre cuentas" size="lg">
      <Stack gap="sm">
        <Select label="Desde la cuenta" withAsterisk data={opciones} {...select('IdOrigen')} />
        <Select label="A la cuenta" withAsterisk data={opciones} {...select('IdDestino')} />
        <Group grow align="flex-start">
          <CampoFecha label="Fecha" {...select('Fecha')} />
          <TextInput label="Importe" withAsterisk {...texto('Importe')} />
        </Group>
        <TextInput label="Descripción" {...texto('Descripcion')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <BotonProtegido permiso="TesoMovsCajaBanco" accion="crear" onClick={guardar}>
            Guardar
          </BotonProtegido>
        </Group>
      </Stack>
    </Modal>
  );
}
