import { ESTADOS_OPORTUNIDAD, MSG, MSG_CRM, PROBABILIDADES, TIPOS_CONTACTO_CRM } from '@faro/domain';
import {
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { erroresDelGuardado, ligarTexto } from '../../ui/form/erroresCampo.ts';
import { type Errores, FormularioComprobado } from '../../ui/form/FormularioComprobado.tsx';
import { BuscadorSelect } from '../documentos/BuscadorSelect.tsx';
import { Actividades } from './Actividades.tsx';
import { type Embudo, type Oportunidad, RUTA_OPORTUNIDADES } from './crmApi.ts';

interface Valores {
  IdEmbudo: number;
  LinFaseEmbudo: number | null;
  TipoContacto: 'c' | 'p';
  IdContacto: number | null;
  Contacto: string;
  Titulo: string;
  Importe: number;
  FechaCierre: string;
  Probabilidad: number;
  Estado: number;
  MotivoPerdida: string;
  Notas: string;
}

/** New or existing opportunity in a dialog, with its activities and the quote of a won one. */
export function OportunidadEditor({
  oportunidad,
  embudos,
  idEmbudo,
  soloLectura,
  onClose,
  onGuardada,
  onPresupuesto,
}: {
  oportunidad: Oportunidad | null;
  embudos: Embudo[];
  idEmbudo: number;
  soloLectura: boolean;
  onClose: () => void;
  onGuardada: () => void;
  onPresupuesto: (op: Oportunidad) => void;
}) {
  const o = oportunidad;
  const [v, setV] = useState<Valores>({
    IdEmbudo: o?.IdEmbudo ?? idEmbudo,
    LinFaseEmbudo: o?.LinFaseEmbudo ?? embudos.find((e) => e.Id === idEmbudo)?.Fases[0]?.Linea ?? null,
    TipoContacto: o?.TipoContacto ?? 'c',
    IdContacto: o?.IdContacto ?? null,
    Contacto: o?.Contacto ?? '',
    Titulo: o?.Titulo ?? '',
    Importe: Number(o?.Importe ?? 0),
    FechaCierre: o?.FechaCierre ?? '',
    Probabilidad: o?.Probabilidad ?? 1,
    Estado: o?.Estado ?? 0,
    MotivoPerdida: o?.MotivoPerdida ?? '',
    Notas: o?.Notas ?? '',
  });
  const [errores, setErrores] = useState<Errores>({});
  const [guardada, setGuardada] = useState<Oportunidad | null>(o);
  const set = (patch: Partial<Valores>) => setV((x) => ({ ...x, ...patch }));
  const texto = ligarTexto(v, set, errores);
  // A number chosen from a fixed list (probability, state): shown and picked as text, kept as a number.
  const numeroDe = (k: 'Probabilidad' | 'Estado', opciones: readonly { value: number; label: string }[]) => ({
    allowDeselect: false,
    value: String(v[k]),
    data: opciones.map((p) => ({ value: String(p.value), label: p.label })),
    onChange: (x: string | null) => set({ ...v, [k]: Number(x) }),
  });
  const fases = embudos.find((e) => e.Id === v.IdEmbudo)?.Fases ?? [];
  const guardar = useMutation({
    mutationFn: () => {
      const body = {
        ...v,
        FechaCierre: v.FechaCierre || null,
        MotivoPerdida: v.Estado === 2 ? v.MotivoPerdida : null,
      };
      return guardada
        ? api.put<Oportunidad>(`${RUTA_OPORTUNIDADES}/save/${guardada.Id}`, body, { silent: true })
        : api.post<Oportunidad>(`${RUTA_OPORTUNIDADES}/save`, body, { silent: true });
    },
    onSuccess: (r) => {
      notifySuccess(MSG.saved);
      setGuardada(r);
      setErrores({});
      onGuardada();
    },
    onError: (e) => setErrores(erroresDelGuardado(e)),
  });
  const comprobar = () => {
    const e: Errores = {};
    if (!v.Titulo.trim()) e.Titulo = MSG.required('Título');
    if (!v.IdContacto) e.IdContacto = MSG.required('Contacto');
    if (!v.LinFaseEmbudo) e.LinFaseEmbudo = MSG.required('Fase');
    if (v.Estado === 2 && !v.MotivoPerdida.trim()) e.MotivoPerdida = MSG_CRM.motivoPerdida;
    return e;
  };
  return (
    <Modal opened onClose={onClose} title={guardada ? guardada.Titulo : 'Nueva oportunidad'} size="xl">
      <FormularioComprobado
        comprobar={comprobar}
        errores={errores}
        setErrores={setErrores}
        onValido={() => guardar.mutate()}
        soloLectura={soloLectura}
        pie={
          <Group justify="space-between" mt="md">
            <Group gap="xs">
              {guardada?.IdPresupuesto && (
                <Anchor component={Link} to={`/pventa/editar/${guardada.IdPresupuesto}`}>
                  Ver el presupuesto
                </Anchor>
              )}
              {guardada && guardada.Estado === 1 && !guardada.IdPresupuesto && !soloLectura && (
                <Button variant="light" color="green" onClick={() => onPresupuesto(guardada)}>
                  Crear presupuesto
                </Button>
              )}
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cerrar
              </Button>
              {!soloLectura && (
                <Button type="submit" loading={guardar.isPending}>
                  Guardar
                </Button>
              )}
            </Group>
          </Group>
        }
      >
        <TextInput label="Título" required {...texto('Titulo')} maxLength={150} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4}>
            <SegmentedControl
              aria-label="Tipo de contacto"
              value={v.TipoContacto}
              onChange={(x) => set({ TipoContacto: x as 'c' | 'p', IdContacto: null, Contacto: '' })}
              data={TIPOS_CONTACTO_CRM.map((t) => ({ value: t.value, label: t.label }))}
            />
            <BuscadorSelect<{ Id: number; Nombre: string }>
              key={v.TipoContacto}
              path={v.TipoContacto === 'c' ? 'ventas/clientes/list' : 'ventas/clientespot/list'}
              entidad={v.TipoContacto === 'c' ? 'clientes' : 'clientespot'}
              label="Contacto"
              required
              placeholder="Busca por código, nombre o NIF"
              value={v.IdContacto}
              etiqueta={v.Contacto}
              opcion={(c) => c.Nombre}
              error={errores.IdContacto}
              readOnly={soloLectura}
              onPick={(c) => set({ IdContacto: c?.Id ?? null, Contacto: c?.Nombre ?? '' })}
            />
          </Stack>
          <Stack gap={4}>
            <Select
              label="Embudo"
              allowDeselect={false}
              value={String(v.IdEmbudo)}
              data={embudos.map((e) => ({ value: String(e.Id), label: e.Nombre }))}
              onChange={(x) => {
                const e = embudos.find((y) => String(y.Id) === x);
                if (e) set({ IdEmbudo: e.Id, LinFaseEmbudo: e.Fases[0]?.Linea ?? null });
              }}
            />
            <Select
              label="Fase"
              required
              allowDeselect={false}
              value={v.LinFaseEmbudo ? String(v.LinFaseEmbudo) : null}
              error={errores.LinFaseEmbudo}
              data={fases.map((f) => ({ value: String(f.Linea), label: f.Nombre }))}
              onChange={(x) => set({ LinFaseEmbudo: x ? Number(x) : null })}
            />
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
          <NumberInput
            label="Importe"
            min={0}
            decimalScale={2}
            decimalSeparator=","
            value={v.Importe}
            error={errores.Importe}
            onChange={(x) => set({ Importe: Number(x) || 0 })}
          />
          <TextInput label="Cierre previsto" type="date" {...texto('FechaCierre')} />
          <Select label="Probabilidad" {...numeroDe('Probabilidad', PROBABILIDADES)} />
          <Select label="Estado" {...numeroDe('Estado', ESTADOS_OPORTUNIDAD)} />
        </SimpleGrid>
        {v.Estado === 2 && (
          <TextInput label="Motivo de la pérdida" required {...texto('MotivoPerdida')} maxLength={500} />
        )}
        <Textarea label="Notas" autosize minRows={2} maxLength={4000} {...texto('Notas')} />
      </FormularioComprobado>
      {guardada && (
        <Actividades
          filtro={{ IdOportunidad: guardada.Id }}
          nueva={{ IdOportunidad: guardada.Id }}
          soloLectura={soloLectura}
        />
      )}
    </Modal>
  );
}
