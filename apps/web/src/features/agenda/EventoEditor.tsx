import { MSG } from '@faro/domain';
import { Button, Checkbox, Group, Modal, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { erroresDelGuardado, textoDe } from '../../ui/form/erroresCampo.ts';
import { type Errores, FormularioComprobado } from '../../ui/form/FormularioComprobado.tsx';
import { IconTrash } from '../../ui/icons.tsx';
import { type Evento, finDe, RUTA } from './agendaModel.ts';
import { aLocal } from './calendario.ts';
import { TipoYAsunto } from './TipoYAsunto.tsx';

const RECORDATORIOS = [
  { value: '', label: 'Sin recordatorio' },
  { value: '0', label: 'A la hora del evento' },
  { value: '15', label: '15 minutos antes' },
  { value: '60', label: '1 hora antes' },
  { value: '1440', label: '1 día antes' },
];

/** New or existing event (create, edit, resize by its end, reminder, delete). */
export function EventoEditor({
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
  const [errores, setErrores] = useState<Errores>({});
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
    onError: (e) => setErrores(erroresDelGuardado(e)),
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
      <FormularioComprobado
        comprobar={() => {
          const err: Errores = {};
          if (!asunto.trim()) err.Asunto = MSG.required('Asunto');
          if (!ini) err.Inicio = MSG.required('Inicio');
          if (fin && ini && new Date(fin) < new Date(ini)) err.Fin = 'El fin no puede ser anterior al inicio';
          return err;
        }}
        errores={errores}
        setErrores={setErrores}
        onValido={() => guardar.mutate()}
      >
        <TipoYAsunto
          tipo={tipo}
          onTipo={setTipo}
          asunto={asunto}
          onAsunto={setAsunto}
          error={errores.Asunto}
          autoFocus
        />
        <TextInput label="Inicio" type="datetime-local" required {...textoDe(ini, setIni, errores.Inicio)} />
        <TextInput label="Fin" type="datetime-local" {...textoDe(fin, setFin, errores.Fin)} />
        <Checkbox label="Todo el día" checked={todoDia} onChange={(e) => setTodoDia(e.currentTarget.checked)} />
        <Select
          label="Recordatorio"
          value={recordatorio}
          onChange={(v) => setRecordatorio(v ?? '')}
          data={RECORDATORIOS}
          allowDeselect={false}
        />
        <Textarea label="Descripción" autosize minRows={2} maxLength={4000} {...textoDe(desc, setDesc)} />
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
      </FormularioComprobado>
    </Modal>
  );
}
