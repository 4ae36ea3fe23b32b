import { COLOR_CALENDARIO_DEFECTO, type ColoresCalendario, MSG, TIPOS_ACTIVIDAD } from '@faro/domain';
import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type PointerEvent as RPointerEvent, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { IconPlus, IconTrash } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import {
  aLocal,
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

const RUTA = 'usuarios/usuario/agenda';
interface Evento {
  Id: number;
  Tipo: string;
  Asunto: string;
  Descripcion: string | null;
  Inicio: string;
  Fin: string | null;
  TodoDia: boolean;
  Hecha: boolean;
  Recordatorio: string | null;
  IdOportunidad: number | null;
  Oportunidad: string | null;
  TipoContacto: 'c' | 'p' | null;
  IdContacto: number | null;
  Contacto: string | null;
  /** A read-only event of another area (academy timetable, driving-school class): opens its own screen. */
  Enlace?: string;
}
/** Events of the academy and the driving school for a teacher/instructor (read-only here). */
interface EventoAjeno {
  Id: string;
  Origen: 'academia' | 'autoescuela';
  Asunto: string;
  Descripcion: string | null;
  Inicio: string;
  Fin: string;
  Enlace: string;
}
interface AgendaAnswer {
  Items: Evento[];
  Clases?: EventoAjeno[];
  Colores: ColoresCalendario;
}

const HORA_INICIO = 7;
const HORA_FIN = 22;
const ALTO_HORA = 48; // px per hour in the week and day views
const etiquetaTipo = (t: string) =>
  t === 'clase' ? 'Clase (solo lectura)' : (TIPOS_ACTIVIDAD.find((x) => x.value === t)?.label ?? t);
/** Colour of the read-only classes: from the theme, apart from the activity kinds' colours. */
const COLOR_CLASE = 'var(--mantine-color-grape-7)';
const ajenoAEvento = (c: EventoAjeno, i: number): Evento => ({
  Id: -(i + 1),
  Tipo: 'clase',
  Asunto: c.Asunto,
  Descripcion: c.Descripcion,
  Inicio: c.Inicio,
  Fin: c.Fin,
  TodoDia: false,
  Hecha: false,
  Recordatorio: null,
  IdOportunidad: null,
  Oportunidad: null,
  TipoContacto: null,
  IdContacto: null,
  Contacto: null,
  Enlace: c.Enlace,
});
const finDe = (e: Evento) => (e.Fin ? new Date(e.Fin) : new Date(new Date(e.Inicio).getTime() + 60 * 60_000));

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

/** An event in the week/day grid: positioned by its times, dragged to another slot, resized by its bottom edge. */
function EventoEnRejilla({
  e,
  color,
  onAbrir,
  onDragStart,
  onRedimensionar,
}: {
  e: Evento;
  color: string;
  onAbrir: () => void;
  onDragStart: () => void;
  onRedimensionar: (fin: Date) => void;
}) {
  const ini = new Date(e.Inicio);
  const fin = finDe(e);
  const top = ((ini.getHours() - HORA_INICIO) * 60 + ini.getMinutes()) * (ALTO_HORA / 60);
  const [alto, setAlto] = useState<number | null>(null);
  const base = Math.max(18, ((fin.getTime() - ini.getTime()) / 60_000) * (ALTO_HORA / 60));
  const tirar = useRef<{ y: number; h: number } | null>(null);
  const paso = ALTO_HORA / 4; // 15 minutes
  return (
    <Box
      draggable={!e.Enlace}
      onDragStart={(ev) => {
        ev.dataTransfer.setData('text/plain', String(e.Id));
        onDragStart();
      }}
      pos="absolute"
      left={2}
      right={2}
      top={Math.max(0, top)}
      h={alto ?? base}
      style={{
        background: 'var(--mantine-color-gray-0)',
        borderLeft: `4px solid ${color}`,
        borderRadius: 4,
        overflow: 'hidden',
        fontSize: 12,
        zIndex: 1,
      }}
    >
      <UnstyledButton
        onClick={onAbrir}
        fz={12}
        px={4}
        w="100%"
        ta="left"
        aria-label={`${hora(ini)} ${e.Asunto} · ${etiquetaTipo(e.Tipo)}, hasta las ${hora(fin)}`}
      >
        <b>{hora(ini)}</b> {e.Asunto}
      </UnstyledButton>
      <Box
        aria-hidden
        display={e.Enlace ? 'none' : undefined}
        pos="absolute"
        bottom={0}
        left={0}
        right={0}
        h={6}
        style={{ cursor: 'ns-resize' }}
        onPointerDown={(ev: RPointerEvent) => {
          ev.preventDefault();
          ev.stopPropagation();
          (ev.target as HTMLElement).setPointerCapture(ev.pointerId);
          tirar.current = { y: ev.clientY, h: base };
        }}
        onPointerMove={(ev: RPointerEvent) => {
          if (!tirar.current) return;
          const h = Math.max(paso, Math.round((tirar.current.h + ev.clientY - tirar.current.y) / paso) * paso);
          setAlto(h);
        }}
        onPointerUp={() => {
          if (!tirar.current) return;
          tirar.current = null;
          if (alto !== null && alto !== base) onRedimensionar(new Date(ini.getTime() + (alto / ALTO_HORA) * 3_600_000));
          setAlto(null);
        }}
      />
    </Box>
  );
}

const RECORDATORIOS = [
  { value: '', label: 'Sin recordatorio' },
  { value: '0', label: 'A la hora del evento' },
  { value: '15', label: '15 minutos antes' },
  { value: '60', label: '1 hora antes' },
  { value: '1440', label: '1 día antes' },
];

/** New or existing event (create, edit, resize by its end, reminder, delete). */
function EventoEditor({
  evento,
  inicio,
  onClose,
  onGuardado,
}: {
  evento: Evento | null;
  inicio: Date | null;
  onClose: () => void;
  onGuardado: () => void;
}) {
  const ini0 = evento ? new Date(evento.Inicio) : (inicio ?? new Date());
  const fin0 = evento ? finDe(evento) : new Date(ini0.getTime() + 60 * 60_000);
  const [tipo, setTipo] = useState(evento?.Tipo ?? 'tarea');
  const [asunto, setAsunto] = useState(evento?.Asunto ?? '');
  const [desc, setDesc] = useState(evento?.Descripcion ?? '');
  const [ini, setIni] = useState(aLocal(ini0));
  const [fin, setFin] = useState(aLocal(fin0));
  const [todoDia, setTodoDia] = useState(evento?.TodoDia ?? false);
  const [hecha, setHecha] = useState(evento?.Hecha ?? false);
  const antes = evento?.Recordatorio
    ? String(Math.round((ini0.getTime() - new Date(evento.Recordatorio).getTime()) / 60_000))
    : '';
  const [recordatorio, setRecordatorio] = useState(RECORDATORIOS.some((r) => r.value === antes) ? antes : '');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const guardar = useMutation({
    mutationFn: () => {
      const i = new Date(ini);
      const body = {
        Tipo: tipo,
        Asunto: asunto,
        Descripcion: desc || null,
        Inicio: i.toISOString(),
        Fin: fin ? new Date(fin).toISOString() : null,
        TodoDia: todoDia,
        Hecha: hecha,
        Recordatorio: recordatorio === '' ? null : new Date(i.getTime() - Number(recordatorio) * 60_000).toISOString(),
        IdOportunidad: evento?.IdOportunidad ?? null,
        TipoContacto: evento?.TipoContacto ?? null,
        IdContacto: evento?.IdContacto ?? null,
      };
      return evento
        ? api.put(`${RUTA}/save/${evento.Id}`, body, { silent: true })
        : api.post(`${RUTA}/save`, body, { silent: true });
    },
    onSuccess: () => {
      notifySuccess(MSG.saved);
      onGuardado();
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fieldErrors.length)
        setErrores(Object.fromEntries(e.fieldErrors.map((x) => [x.Campo, x.Mensaje])));
      else setErrores({ _: e instanceof Error ? e.message : MSG.internal });
    },
  });
  const borrar = useMutation({
    mutationFn: () => api.del(`${RUTA}/delete/${evento!.Id}`),
    onSuccess: () => {
      notifySuccess('Evento eliminado');
      onGuardado();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={evento ? 'Editar evento' : 'Nuevo evento'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const err: Record<string, string> = {};
          if (!asunto.trim()) err.Asunto = MSG.required('Asunto');
          if (!ini) err.Inicio = MSG.required('Inicio');
          if (fin && ini && new Date(fin) < new Date(ini)) err.Fin = 'El fin no puede ser anterior al inicio';
          setErrores(err);
          if (Object.keys(err).length === 0) guardar.mutate();
        }}
      >
        <Stack gap="sm">
          {errores._ && (
            <Text c="red" role="alert">
              {errores._}
            </Text>
          )}
          <Select
            label="Tipo"
            allowDeselect={false}
            value={tipo}
            onChange={(v) => v && setTipo(v)}
            data={TIPOS_ACTIVIDAD.map((t) => ({ ...t }))}
          />
          <TextInput
            label="Asunto"
            required
            autoFocus
            value={asunto}
            error={errores.Asunto}
            maxLength={200}
            onChange={(e) => setAsunto(e.currentTarget.value)}
          />
          <TextInput
            label="Inicio"
            type="datetime-local"
            required
            value={ini}
            error={errores.Inicio}
            onChange={(e) => setIni(e.currentTarget.value)}
          />
          <TextInput
            label="Fin"
            type="datetime-local"
            value={fin}
            error={errores.Fin}
            onChange={(e) => setFin(e.currentTarget.value)}
          />
          <Checkbox label="Todo el día" checked={todoDia} onChange={(e) => setTodoDia(e.currentTarget.checked)} />
          <Select
            label="Recordatorio"
            value={recordatorio}
            onChange={(v) => setRecordatorio(v ?? '')}
            data={RECORDATORIOS}
            allowDeselect={false}
          />
          <Textarea
            label="Descripción"
            autosize
            minRows={2}
            maxLength={4000}
            value={desc}
            onChange={(e) => setDesc(e.currentTarget.value)}
          />
          <Checkbox label="Hecha" checked={hecha} onChange={(e) => setHecha(e.currentTarget.checked)} />
          {(evento?.Oportunidad || evento?.Contacto) && (
            <Text size="sm" c="dimmed">
              {[evento.Oportunidad, evento.Contacto].filter(Boolean).join(' · ')}
            </Text>
          )}
          <Group justify="space-between">
            {evento ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={borrar.isPending}
                onClick={() => borrar.mutate()}
              >
                Eliminar
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={guardar.isPending}>
                Guardar
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
