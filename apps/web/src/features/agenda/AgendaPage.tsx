import { COLOR_CALENDARIO_DEFECTO, type ColoresCalendario, TIPOS_ACTIVIDAD } from '@faro/domain';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { IconPlus } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import {
  type AgendaAnswer,
  ALTO_HORA,
  ajenoAEvento,
  COLOR_CLASE,
  type Evento,
  etiquetaTipo,
  finDe,
  HORA_FIN,
  HORA_INICIO,
  RUTA,
} from './agendaModel.ts';
import {
  DIAS_SEMANA,
  desplazar,
  diasDeVista,
  hora,
  isoDia,
  mismoDia,
  moverADia,
  tituloVista,
  type Vista,
} from './calendario.ts';
import { EventoEditor } from './EventoEditor.tsx';
import { EventoEnRejilla } from './EventoEnRejilla.tsx';

/** `usuario/agenda` (Mi Agenda): month, week, day and list views (Monday first), coloured by `usuario/configcal`. */
export function AgendaPage() {
  usePageTitle('Mi agenda');
  const { info } = useReady();
  const client = useQueryClient();
  const [vista, setVista] = useState<Vista>('mes');
  const [cursor, setCursor] = useState(() => new Date());
  const [editando, setEditando] = useState<Evento | { nuevo: Date } | null>(null);
  const dias = useMemo(() => diasDeVista(vista === 'lista' ? 'mes' : vista, cursor), [vista, cursor]);
  const desde = isoDia(dias[0]!);
  const hasta = isoDia(dias.at(-1)!);
  const key = [...qk.entity(info.IdEmpresa, 'agenda'), desde, hasta];
  const agenda = useQuery({
    queryKey: key,
    queryFn: () => api.get<AgendaAnswer>(`${RUTA}/list`, { params: { Desde: desde, Hasta: hasta } }),
  });
  const colores = agenda.data?.Colores;
  const color = (t: string) =>
    t === 'clase' ? COLOR_CLASE : (colores?.[t as keyof ColoresCalendario] ?? COLOR_CALENDARIO_DEFECTO);
  const eventos = useMemo(
    () => [...(agenda.data?.Items ?? []), ...(agenda.data?.Clases ?? []).map(ajenoAEvento)],
    [agenda.data],
  );
  const navigate = useNavigate();
  /** An activity opens its editor; a class of another area opens that area's screen. */
  const abrir = (e: Evento) => (e.Enlace ? navigate(e.Enlace) : setEditando(e));
  const refrescar = () => client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'agenda') });
  const mover = useMutation({
    mutationFn: (v: { e: Evento; inicio: Date; fin: Date | null }) =>
      api.post(`${RUTA}/mover/${v.e.Id}`, { Inicio: v.inicio.toISOString(), Fin: v.fin?.toISOString() ?? null }),
    onSuccess: () => notifySuccess('Evento actualizado'),
    onSettled: () => void refrescar(),
  });
  const arrastre = useRef<Evento | null>(null);
  const moverA = (dia: Date, minutos?: number) => {
    const e = arrastre.current;
    arrastre.current = null;
    if (!e) return;
    const ini = new Date(e.Inicio);
    const dur = finDe(e).getTime() - ini.getTime();
    const nuevo =
      minutos === undefined
        ? moverADia(ini, dia)
        : new Date(dia.getFullYear(), dia.getMonth(), dia.getDate(), 0, minutos);
    if (nuevo.getTime() === ini.getTime()) return;
    mover.mutate({ e, inicio: nuevo, fin: e.Fin ? new Date(nuevo.getTime() + dur) : null });
  };
  const delDia = (d: Date) =>
    eventos.filter((e) => mismoDia(new Date(e.Inicio), d)).sort((a, b) => a.Inicio.localeCompare(b.Inicio));

  const chip = (e: Evento, compacto = true) => (
    <UnstyledButton
      key={e.Id}
      draggable={!e.Enlace}
      onDragStart={(ev: DragEvent) => {
        ev.dataTransfer.setData('text/plain', String(e.Id));
        arrastre.current = e;
      }}
      onClick={(ev) => {
        ev.stopPropagation();
        abrir(e);
      }}
      // The accessible name starts with the visible text (axe: label-content-name-mismatch), then the kind.
      aria-label={`${e.TodoDia ? '' : `${hora(new Date(e.Inicio))} `}${e.Asunto} · ${etiquetaTipo(e.Tipo)}${e.TodoDia ? ', todo el día' : ''}`}
      style={{
        display: 'block',
        width: '100%',
        borderLeft: `4px solid ${color(e.Tipo)}`,
        background: 'var(--mantine-color-gray-0)',
        borderRadius: 4,
        padding: '1px 4px',
        fontSize: 12,
        textDecoration: e.Hecha ? 'line-through' : undefined,
        overflow: 'hidden',
        whiteSpace: compacto ? 'nowrap' : undefined,
        textOverflow: 'ellipsis',
      }}
    >
      {!e.TodoDia && <b>{hora(new Date(e.Inicio))} </b>}
      {e.Asunto}
    </UnstyledButton>
  );

  const hoy = new Date();
  const mes = (
    <Box
      style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 2 }}
      role="region"
      aria-label={tituloVista('mes', cursor)}
    >
      {DIAS_SEMANA.map((d) => (
        <Text key={d} size="xs" fw={700} ta="center" tt="capitalize">
          <span aria-hidden>{d.slice(0, 3)}</span>
          <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}>
            {d}
          </span>
        </Text>
      ))}
      {dias.map((d) => (
        <Paper
          key={d.toISOString()}
          withBorder
          p={2}
          mih={86}
          role="group"
          aria-label={`${d.getDate()} de ${d.toLocaleString('es-ES', { month: 'long' })}`}
          bg={d.getMonth() !== cursor.getMonth() ? 'gray.1' : undefined}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            moverA(d);
          }}
          style={{ minWidth: 0 }}
        >
          <UnstyledButton
            onClick={() => setEditando({ nuevo: new Date(d.getFullYear(), d.getMonth(), d.getDate(), 9) })}
            aria-label={`Nuevo evento el ${d.getDate()} de ${d.toLocaleString('es-ES', { month: 'long' })}`}
            fz="xs"
            fw={mismoDia(d, hoy) ? 800 : 400}
            c={mismoDia(d, hoy) ? 'blue' : undefined}
          >
            {d.getDate()}
          </UnstyledButton>
          <Stack gap={2}>{delDia(d).map((e) => chip(e))}</Stack>
        </Paper>
      ))}
    </Box>
  );

  const horas = Array.from({ length: HORA_FIN - HORA_INICIO }, (_, i) => HORA_INICIO + i);
  const semana = (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} aria-label={tituloVista(vista, cursor)}>
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: `48px repeat(${dias.length}, minmax(110px, 1fr))`,
          minWidth: vista === 'dia' ? 0 : 700,
        }}
      >
        <div />
        {dias.map((d) => (
          <Text
            key={d.toISOString()}
            size="xs"
            fw={700}
            ta="center"
            tt="capitalize"
            c={mismoDia(d, hoy) ? 'blue' : undefined}
          >
            {DIAS_SEMANA[(d.getDay() + 6) % 7]} {d.getDate()}
          </Text>
        ))}
        <div />
        {dias.map((d) => (
          <Stack key={`td${d.toISOString()}`} gap={2} p={2}>
            {delDia(d)
              .filter((e) => e.TodoDia)
              .map((e) => chip(e))}
          </Stack>
        ))}
        <Box>
          {horas.map((h) => (
            <Text key={h} size="xs" c="dimmed" h={ALTO_HORA} ta="right" pr={4}>
              {String(h).padStart(2, '0')}:00
            </Text>
          ))}
        </Box>
        {dias.map((d) => (
          <Box
            key={`c${d.toISOString()}`}
            pos="relative"
            style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}
          >
            {horas.flatMap((h) =>
              [0, 30].map((m) => (
                <Box
                  key={`${h}${m}`}
                  h={ALTO_HORA / 2}
                  style={{ borderTop: m === 0 ? '1px solid var(--mantine-color-gray-2)' : undefined }}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    moverA(d, h * 60 + m);
                  }}
                  onDoubleClick={() =>
                    setEditando({ nuevo: new Date(d.getFullYear(), d.getMonth(), d.getDate(), h, m) })
                  }
                />
              )),
            )}
            {delDia(d)
              .filter((e) => !e.TodoDia)
              .map((e) => (
                <EventoEnRejilla
                  key={e.Id}
                  e={e}
                  color={color(e.Tipo)}
                  onAbrir={() => abrir(e)}
                  onDragStart={() => {
                    arrastre.current = e;
                  }}
                  onRedimensionar={(fin) => mover.mutate({ e, inicio: new Date(e.Inicio), fin })}
                />
              ))}
          </Box>
        ))}
      </Box>
    </Box>
  );

  const lista = (
    <Stack gap="xs">
      {dias
        .filter((d) => d.getMonth() === cursor.getMonth() && delDia(d).length > 0)
        .map((d) => (
          <Paper key={d.toISOString()} withBorder p="xs">
            <Text fw={700} tt="capitalize">
              {DIAS_SEMANA[(d.getDay() + 6) % 7]} {d.getDate()}
            </Text>
            <Stack gap={4}>{delDia(d).map((e) => chip(e, false))}</Stack>
          </Paper>
        ))}
      {agenda.isSuccess && eventos.filter((e) => new Date(e.Inicio).getMonth() === cursor.getMonth()).length === 0 && (
        <Text c="dimmed">No hay eventos este mes.</Text>
      )}
    </Stack>
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Mi agenda
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditando({ nuevo: new Date(cursor.getFullYear(), cursor.getMonth(), cursor.getDate(), 9) })}
        >
          Nuevo evento
        </Button>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Anterior"
            onClick={() => setCursor((c) => desplazar(vista === 'lista' ? 'mes' : vista, c, -1))}
          >
            ‹
          </ActionIcon>
          <Button variant="default" onClick={() => setCursor(new Date())}>
            Hoy
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Siguiente"
            onClick={() => setCursor((c) => desplazar(vista === 'lista' ? 'mes' : vista, c, 1))}
          >
            ›
          </ActionIcon>
          <Title order={2} size="h4" tt="capitalize" data-testid="agenda-titulo">
            {tituloVista(vista === 'lista' ? 'mes' : vista, cursor)}
          </Title>
        </Group>
        <SegmentedControl
          aria-label="Vista de la agenda"
          value={vista}
          onChange={(v) => setVista(v as Vista)}
          data={[
            { value: 'mes', label: 'Mes' },
            { value: 'semana', label: 'Semana' },
            { value: 'dia', label: 'Día' },
            { value: 'lista', label: 'Lista' },
          ]}
        />
      </Group>
      <Group gap="sm">
        {TIPOS_ACTIVIDAD.map((t) => (
          <Group key={t.value} gap={4}>
            <Box w={12} h={12} style={{ background: color(t.value), borderRadius: 2 }} />
            <Text size="xs">{t.label}</Text>
          </Group>
        ))}
        {(agenda.data?.Clases?.length ?? 0) > 0 && (
          <Group gap={4}>
            <Box w={12} h={12} style={{ background: COLOR_CLASE, borderRadius: 2 }} />
            <Text size="xs">Clases (academia y autoescuela, solo lectura)</Text>
          </Group>
        )}
      </Group>
      {vista === 'mes' ? mes : vista === 'lista' ? lista : semana}
      {editando && (
        <EventoEditor
          evento={'nuevo' in editando ? null : editando}
          inicio={'nuevo' in editando ? editando.nuevo : null}
          onClose={() => setEditando(null)}
          onGuardado={() => void refrescar()}
        />
      )}
    </Stack>
  );
}
