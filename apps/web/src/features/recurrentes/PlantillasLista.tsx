import {
  ACCIONES_RECURRENTE,
  formatAmount,
  formatDate,
  LEVEL_FOR_ACTION,
  levelIn,
  PERIODICIDAD_LIST,
} from '@faro/domain';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { DebouncedText } from '../../ui/fields/filters.tsx';
import { IconPlus } from '../../ui/icons.tsx';
import { FilaCompacta } from '../../ui/list/FilaCompacta.tsx';
import { FiltroSelect } from '../../ui/list/listFilters.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { desdeApi } from '../documentos/lado.ts';
import { useRecurrente } from './ladoRecurrente.ts';
import type { Plantilla } from './recurrentesModel.ts';

/**
 * `fventarec/lista` (`fcomprarec`, `fgastorec`): the templates with customer (supplier), periodicity, next date,
 * total and whether they are active.
 */
export function PlantillasLista() {
  const rec = useRecurrente();
  usePageTitle(rec.titulo);
  const { info, centro } = useReady();
  const level = levelIn(info, rec.permiso, centro);
  const crudo = usePagedList<Plantilla>({
    entidad: rec.recurso,
    path: `${rec.ruta}/list`,
    filters: ['buscar', 'periodicidad', 'estado'],
    filtros: (v) => ({
      ...(v.buscar?.trim() ? { Buscar: v.buscar.trim() } : {}),
      ...(v.periodicidad ? { Periodicidad: v.periodicidad } : {}),
      ...(v.estado ? { Baja: v.estado === 'baja' } : {}),
    }),
    orden: () => ({ Orden: 'ProximaFecha', Descendente: false }),
    enabled: level >= LEVEL_FOR_ACTION.list,
  });
  // The side's JSON names (ProveedorNombre…) in the sales names the screen reads.
  const list = useMemo(() => {
    const rows = crudo.rows.map((p) => desdeApi(rec.lado, p));
    return { ...crudo, rows, data: crudo.data && { ...crudo.data, Items: rows } };
  }, [crudo, rec]);
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;
  const v = list.values;

  const estadoBadges = (p: Plantilla) => (
    <Group gap={4}>
      <Badge size="sm" variant="light" color={p.Baja ? 'gray' : 'green'}>
        {p.Baja ? 'De baja' : 'Activa'}
      </Badge>
      {p.UltimoError && (
        <Badge size="sm" variant="light" color="red" title={p.UltimoError}>
          Error
        </Badge>
      )}
    </Group>
  );
  const proxima = (p: Plantilla) =>
    p.FechaFin && p.ProximaFecha > p.FechaFin ? (
      <Text size="sm" c="dimmed" span>
        Finalizada
      </Text>
    ) : (
      formatDate(p.ProximaFecha)
    );
  const columns: DataTableColumn<Plantilla>[] = [
    {
      accessor: 'Descripcion',
      title: 'Descripción',
      render: (p) => (
        <Anchor
          component={Link}
          to={`/${rec.recurso}/editar/${p.Id}`}
          size="sm"
          fw={600}
          onClick={(e) => e.stopPropagation()}
        >
          {p.Descripcion}
        </Anchor>
      ),
    },
    { accessor: 'ClienteNombre', title: rec.lado.tercero.etiqueta },
    { accessor: 'Periodicidad', title: 'Periodicidad', width: 120 },
    { accessor: 'ProximaFecha', title: 'Próxima fecha', width: 130, render: proxima },
    { accessor: 'Accion', title: 'Acción', width: 190, render: (p) => ACCIONES_RECURRENTE[p.Accion] ?? p.Accion },
    {
      accessor: 'Total',
      title: 'Total',
      textAlign: 'right',
      width: 130,
      render: (p) => <b>{formatAmount(p.Total)}</b>,
    },
    { accessor: 'Baja', title: 'Estado', width: 150, render: estadoBadges },
  ];

  return (
    <PagedList<Plantilla>
      list={list}
      title={rec.titulo}
      actions={
        level >= LEVEL_FOR_ACTION.create && (
          <Button component={Link} to={`/${rec.recurso}/nuevo`} leftSection={<IconPlus size={16} />}>
            {rec.nuevo}
          </Button>
        )
      }
      filterCols={{ base: 1, sm: 3 }}
      filters={
        <>
          <DebouncedText
            label="Buscar"
            placeholder={`Descripción o ${rec.lado.tercero.etiqueta.toLowerCase()}`}
            value={v.buscar ?? ''}
            onChange={(x) => list.set({ buscar: x })}
          />
          <FiltroSelect
            label="Periodicidad"
            placeholder="Todas"
            data={PERIODICIDAD_LIST}
            value={v.periodicidad ?? ''}
            onChange={(x) => list.set({ periodicidad: x })}
          />
          <FiltroSelect
            label="Estado"
            placeholder="Todas"
            data={[
              { value: 'activa', label: 'Activas' },
              { value: 'baja', label: 'De baja' },
            ]}
            value={v.estado ?? ''}
            onChange={(x) => list.set({ estado: x })}
          />
        </>
      }
      columns={columns}
      compact={(p) => (
        <FilaCompacta titulo={p.Descripcion} valor={formatAmount(p.Total)}>
          <Text size="sm" lineClamp={1}>
            {p.ClienteNombre}
          </Text>
          <Text size="xs" c="dimmed">
            {p.Periodicidad} · {proxima(p)}
          </Text>
          {estadoBadges(p)}
        </FilaCompacta>
      )}
      rowHref={(p) => `/${rec.recurso}/editar/${p.Id}`}
      noRecordsText={`No hay ${rec.titulo.toLowerCase()}`}
    />
  );
}
