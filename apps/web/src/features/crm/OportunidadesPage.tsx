import {
  ESTADOS_OPORTUNIDAD,
  etiquetaEstadoOportunidad,
  formatAmount,
  formatDate,
  LEVEL_FOR_ACTION,
  levelIn,
  MSG_CRM,
} from '@faro/domain';
import { Badge, Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { DebouncedText } from '../../ui/fields/filters.tsx';
import { textoDe } from '../../ui/form/erroresCampo.ts';
import { IconPlus } from '../../ui/icons.tsx';
import { FiltroSelect } from '../../ui/list/listFilters.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { type Kanban, type Oportunidad, PERMISO_CRM, RUTA_OPORTUNIDADES } from './crmApi.ts';
import { useEmbudos } from './EmbudosPage.tsx';
import { type Destino, KanbanTablero } from './Kanban.tsx';
import { OportunidadEditor } from './OportunidadEditor.tsx';

const COLOR_ESTADO = ['blue', 'green', 'red', 'gray'] as const;
export const EstadoBadge = ({ estado }: { estado: number }) => (
  <Badge size="sm" variant="light" color={COLOR_ESTADO[estado] ?? 'gray'}>
    {etiquetaEstadoOportunidad(estado)}
  </Badge>
);

/** `crmoportuni/lista`: the kanban of a funnel (default) or the list with filters; `?vista=lista`, `?embudo=`. */
export function OportunidadesPage({ abrir }: { abrir?: string }) {
  usePageTitle('Oportunidades');
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO_CRM, centro);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const embudos = useEmbudos();
  const activos = (embudos.data?.Items ?? []).filter((e) => !e.Baja);
  const idEmbudo = params.get('embudo') ?? (activos[0] ? String(activos[0].Id) : '');
  const vista = params.get('vista') === 'lista' ? 'lista' : 'kanban';
  const [editor, setEditor] = useState<Oportunidad | 'nueva' | null>(null);
  const [perdida, setPerdida] = useState<Oportunidad | null>(null);
  const [ganada, setGanada] = useState<Oportunidad | null>(null);
  const keyKanban = [...qk.entity(info.IdEmpresa, 'crmoportuni'), 'kanban', idEmbudo];
  const kanban = useQuery({
    queryKey: keyKanban,
    queryFn: () => api.get<Kanban>(`${RUTA_OPORTUNIDADES}/kanban/${idEmbudo}`),
    enabled: vista === 'kanban' && !!idEmbudo && level >= 1,
  });
  const refrescar = () => client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'crmoportuni') });
  // `?oportunidad=ID` (a contact's timeline links so): that opportunity's dialog opens over the page.
  const idEnlazada = Number(params.get('oportunidad')) || 0;
  const enlazada = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, 'crmoportuni'), 'edit', idEnlazada],
    queryFn: () => api.get<Oportunidad>(`${RUTA_OPORTUNIDADES}/edit/${idEnlazada}`),
    enabled: idEnlazada > 0 && level >= 1,
  });
  const mover = useMutation({
    mutationFn: (v: { op: Oportunidad; linea: number; estado?: number; motivo?: string }) =>
      api.post<{ Mensaje: string; Oportunidad: Oportunidad }>(`${RUTA_OPORTUNIDADES}/mover/${v.op.Id}`, {
        LinFaseEmbudo: v.linea,
        ...(v.estado !== undefined ? { Estado: v.estado } : {}),
        ...(v.motivo ? { MotivoPerdida: v.motivo } : {}),
      }),
    onMutate: (v) => {
      // Optimistic: the card moves at once; the answer (or its error) puts the truth back.
      const antes = client.getQueryData<Kanban>(keyKanban);
      if (antes && v.estado === undefined) {
        client.setQueryData<Kanban>(keyKanban, {
          ...antes,
          Columnas: antes.Columnas.map((c) => ({
            ...c,
            Items:
              c.Linea === v.linea
                ? [...c.Items.filter((i) => i.Id !== v.op.Id), { ...v.op, LinFaseEmbudo: v.linea }]
                : c.Items.filter((i) => i.Id !== v.op.Id),
          })),
        });
      }
    },
    onSuccess: (r, v) => {
      notifySuccess(v.estado ? `Oportunidad ${etiquetaEstadoOportunidad(v.estado).toLowerCase()}` : r.Mensaje);
      if (v.estado === 1 && !r.Oportunidad.IdPresupuesto) setGanada(r.Oportunidad);
    },
    onSettled: () => refrescar(),
  });
  const presupuesto = useMutation({
    mutationFn: (op: Oportunidad) => api.post<{ IdPresupuesto: number }>(`${RUTA_OPORTUNIDADES}/presupuesto/${op.Id}`),
    onSuccess: (r) => {
      notifySuccess('Presupuesto creado desde la oportunidad');
      void refrescar();
      navigate(`/pventa/editar/${r.IdPresupuesto}`);
    },
  });
  const onMover = (op: Oportunidad, d: Destino) => {
    const linea = d.linea || op.LinFaseEmbudo;
    if (d.estado === 2) return setPerdida({ ...op, LinFaseEmbudo: linea });
    mover.mutate({ op, linea, estado: d.estado });
  };
  const list = usePagedList<Oportunidad>({
    entidad: 'crmoportuni',
    path: `${RUTA_OPORTUNIDADES}/list`,
    filters: ['buscar', 'estado', 'desde', 'hasta'],
    keep: ['vista', 'embudo'],
    filtros: (v) => ({
      ...(v.buscar?.trim() ? { Buscar: v.buscar.trim() } : {}),
      ...(v.estado ? { Estado: Number(v.estado) } : {}),
      ...(v.embudo ? { IdEmbudo: Number(v.embudo) } : {}),
      ...(v.desde ? { FechaCierreDesde: v.desde } : {}),
      ...(v.hasta ? { FechaCierreHasta: v.hasta } : {}),
    }),
    enabled: vista === 'lista' && level >= 1,
  });
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;
  const abierta = abrir === 'nueva' ? 'nueva' : (editor ?? enlazada.data ?? null);

  const cabecera = (
    <Group justify="space-between" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <Select
          label="Embudo"
          w={220}
          allowDeselect={false}
          value={idEmbudo || null}
          data={activos.map((e) => ({ value: String(e.Id), label: e.Nombre }))}
          onChange={(v) => {
            if (!v) return;
            setParams((p) => {
              p.set('embudo', v);
              return p;
            });
          }}
          placeholder={activos.length ? undefined : 'Sin embudos'}
        />
        <SegmentedControl
          aria-label="Vista"
          mt={24}
          value={vista}
          onChange={(v) =>
            setParams((p) => {
              if (v === 'lista') p.set('vista', 'lista');
              else p.delete('vista');
              return p;
            })
          }
          data={[
            { value: 'kanban', label: 'Tablero' },
            { value: 'lista', label: 'Lista' },
          ]}
        />
      </Group>
      <Group gap="sm" mt={24}>
        <Button component={Link} to="/crmembudos/lista" variant="default">
          Embudos
        </Button>
        {level >= LEVEL_FOR_ACTION.create && activos.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditor('nueva')}>
            Nueva oportunidad
          </Button>
        )}
      </Group>
    </Group>
  );

  const columns: DataTableColumn<Oportunidad>[] = [
    { accessor: 'Titulo', title: 'Título' },
    { accessor: 'Contacto', title: 'Contacto' },
    { accessor: 'Importe', title: 'Importe', textAlign: 'right', render: (o) => formatAmount(o.Importe) },
    {
      accessor: 'FechaCierre',
      title: 'Cierre previsto',
      render: (o) => (o.FechaCierre ? formatDate(o.FechaCierre) : ''),
    },
    { accessor: 'Comercial', title: 'Comercial' },
    { accessor: 'Estado', title: 'Estado', render: (o) => <EstadoBadge estado={o.Estado} /> },
  ];

  return (
    <Stack>
      {vista === 'kanban' && (
        <Title order={1} size="h2">
          Oportunidades
        </Title>
      )}
      {cabecera}
      {activos.length === 0 && embudos.isSuccess && (
        <Text c="dimmed">
          Crea primero un embudo de venta con sus fases en <Link to="/crmembudos/lista">Embudos de venta</Link>.
        </Text>
      )}
      {vista === 'kanban' && kanban.data && (
        <KanbanTablero
          data={kanban.data}
          puedeMover={level >= LEVEL_FOR_ACTION.update}
          onMover={onMover}
          onAbrir={(op) => setEditor(op)}
        />
      )}
      {vista === 'lista' && (
        <PagedList<Oportunidad>
          list={list}
          title="Oportunidades"
          filterCols={{ base: 1, sm: 4 }}
          filters={
            <>
              <DebouncedText
                label="Buscar"
                placeholder="Título o contacto"
                value={list.values.buscar ?? ''}
                onChange={(x) => list.set({ buscar: x })}
              />
              <FiltroSelect
                label="Estado"
                placeholder="Todos"
                data={ESTADOS_OPORTUNIDAD.map((e) => ({ value: String(e.value), label: e.label }))}
                value={list.values.estado ?? ''}
                onChange={(x) => list.set({ estado: x })}
              />
            </>
          }
          columns={columns}
          compact={(o) => (
            <Stack gap={0}>
              <Text fw={600}>{o.Titulo}</Text>
              <Text size="sm">
                {o.Contacto} · {formatAmount(o.Importe)} · <EstadoBadge estado={o.Estado} />
              </Text>
            </Stack>
          )}
          table={{ onRowClick: ({ record }) => setEditor(record) }}
          noRecordsText="No hay oportunidades"
        />
      )}
      {abierta && (
        <OportunidadEditor
          oportunidad={abierta === 'nueva' ? null : abierta}
          embudos={activos}
          idEmbudo={Number(idEmbudo)}
          soloLectura={level < LEVEL_FOR_ACTION.update}
          onClose={() => {
            setEditor(null);
            if (abrir || idEnlazada) navigate('/crmoportuni/lista', { replace: true });
          }}
          onGuardada={() => void refrescar()}
          onPresupuesto={(op) => presupuesto.mutate(op)}
        />
      )}
      <Modal opened={!!perdida} onClose={() => setPerdida(null)} title="Oportunidad perdida">
        {perdida && (
          <MotivoPerdida
            onCancel={() => setPerdida(null)}
            onOk={(motivo) => {
              mover.mutate({ op: perdida, linea: perdida.LinFaseEmbudo, estado: 2, motivo });
              setPerdida(null);
            }}
          />
        )}
      </Modal>
      <Modal opened={!!ganada} onClose={() => setGanada(null)} title="¡Oportunidad ganada!">
        {ganada && (
          <Stack>
            <Text>
              ¿Quieres crear el presupuesto de «{ganada.Titulo}» para {ganada.Contacto}?
            </Text>
            {ganada.TipoContacto === 'p' && <Text c="orange">{MSG_CRM.presupuestoSoloClientes}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setGanada(null)}>
                Ahora no
              </Button>
              <Button
                disabled={ganada.TipoContacto === 'p'}
                loading={presupuesto.isPending}
                onClick={() => presupuesto.mutate(ganada)}
              >
                Crear presupuesto
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function MotivoPerdida({ onOk, onCancel }: { onOk: (motivo: string) => void; onCancel: () => void }) {
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!motivo.trim()) return setError(MSG_CRM.motivoPerdida);
        onOk(motivo.trim());
      }}
    >
      <Stack>
        <Textarea label="Motivo" required autoFocus {...textoDe(motivo, setMotivo, error)} maxLength={500} />
        <BotonesDialogo onCancelar={onCancel} type="submit" color="red">
          Marcar como perdida
        </BotonesDialogo>
      </Stack>
    </form>
  );
}
