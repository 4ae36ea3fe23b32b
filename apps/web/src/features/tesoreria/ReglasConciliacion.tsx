import { textoLegible } from '@faro/domain';
import { ActionIcon, Button, Checkbox, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { IconTrash } from '../../ui/icons.tsx';
import { useConceptos, useRefrescar } from './tesoreriaModel.ts';

/** A remembered rule: a line whose text contains `Texto` becomes a movement of the concept. */
export interface Regla {
  Id: number;
  Texto: string;
  IdConcepto: number;
  Descripcion: string;
  Concepto: string;
  CuentaContable: string | null;
}

/** The line the movement is created from. */
export interface ApunteLibre {
  Id: number;
  Concepto: string;
  Etiqueta: string;
  Regla: Regla | null;
}

const conErrores = (e: unknown, set: (x: Record<string, string>) => void) => {
  if (e instanceof ApiError) set(Object.fromEntries(e.fieldErrors.map((x) => [x.Campo, x.Mensaje])));
};

/** The rule's wording on a line: «comisión» → Comisiones bancarias (626…). */
export const textoRegla = (r: Regla) =>
  `«${r.Texto}» → ${r.Concepto}${r.CuentaContable ? ` (${r.CuentaContable})` : ''}`;

/**
 * 'Crear movimiento' from an unmatched line: concept (its accounting account), description, and 'Recordar para
 * próximas' (the text the next lines must contain); the server creates and matches it in one step.
 */
export function MovimientoDesdeApunte({ apunte, onClose }: { apunte: ApunteLibre; onClose: () => void }) {
  const conceptos = useConceptos();
  const refrescar = useRefrescar();
  const regla = apunte.Regla;
  const [idConcepto, setIdConcepto] = useState<string | null>(regla ? String(regla.IdConcepto) : null);
  const [descripcion, setDescripcion] = useState(regla?.Descripcion ?? textoLegible(apunte.Concepto));
  const [recordar, setRecordar] = useState(false);
  const [texto, setTexto] = useState(textoLegible(apunte.Concepto));
  const [errores, setErrores] = useState<Record<string, string>>({});
  const crear = async () => {
    try {
      await api.post(`tesoreria/extractos/movimiento/${apunte.Id}`, {
        IdConcepto: idConcepto ? Number(idConcepto) : null,
        Descripcion: descripcion,
        Recordar: recordar,
        ...(recordar ? { TextoRegla: texto } : {}),
      });
      notifySuccess(recordar ? 'Movimiento creado y conciliado; regla guardada' : 'Movimiento creado y conciliado');
      await refrescar();
      onClose();
    } catch (e) {
      conErrores(e, setErrores);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Crear movimiento desde el apunte" size="lg">
      <Stack gap="sm">
        <Text size="sm">{apunte.Etiqueta}</Text>
        <Select
          label="Concepto"
          description="Su cuenta contable es la del gasto o ingreso (por ejemplo, 626 Servicios bancarios)"
          clearable
          data={(conceptos.data?.Items ?? []).map((c) => ({ value: String(c.Id), label: c.Descripcion }))}
          value={idConcepto}
          onChange={setIdConcepto}
          error={errores.IdConcepto}
        />
        <TextInput
          label="Descripción"
          withAsterisk
          value={descripcion}
          onChange={(e) => setDescripcion(e.currentTarget.value)}
          error={errores.Descripcion}
        />
        <Checkbox
          label="Recordar para próximas"
          checked={recordar}
          onChange={(e) => setRecordar(e.currentTarget.checked)}
        />
        {recordar && (
          <TextInput
            label="Cuando el texto del banco contenga"
            withAsterisk
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
            error={errores.TextoRegla}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={crear}>Crear y conciliar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The remembered rules: text contains → concept; add one, delete one. */
export function ReglasConciliacion() {
  const { info } = useReady();
  const conceptos = useConceptos();
  const reglas = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'extractos', { reglas: 1 }),
    queryFn: () => api.get<ListAnswer<Regla>>('tesoreria/reglasconciliacion/list'),
  });
  const [nueva, setNueva] = useState({ Texto: '', IdConcepto: '', Descripcion: '' });
  const [errores, setErrores] = useState<Record<string, string>>({});
  const guardar = async () => {
    try {
      await api.post('tesoreria/reglasconciliacion/save', { ...nueva, IdConcepto: nueva.IdConcepto || null });
      notifySuccess('Regla guardada');
      setNueva({ Texto: '', IdConcepto: '', Descripcion: '' });
      setErrores({});
      await reglas.refetch();
    } catch (e) {
      conErrores(e, setErrores);
    }
  };
  const borrar = async (r: Regla) => {
    await api.del(`tesoreria/reglasconciliacion/delete/${r.Id}`);
    notifySuccess('Regla borrada');
    await reglas.refetch();
  };
  return (
    <Stack gap="sm" data-testid="reglas-conciliacion">
      <Text fw={600}>Reglas de conciliación</Text>
      <Text size="sm" c="dimmed">
        Un apunte sin movimiento cuyo texto contiene el de una regla se propone como movimiento de su concepto.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>El texto contiene</Table.Th>
              <Table.Th>Concepto</Table.Th>
              <Table.Th>Descripción</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(reglas.data?.Items ?? []).map((r) => (
              <Table.Tr key={r.Id}>
                <Table.Td>{r.Texto}</Table.Td>
                <Table.Td>
                  {r.Concepto}
                  {r.CuentaContable ? ` (${r.CuentaContable})` : ''}
                </Table.Td>
                <Table.Td>{r.Descripcion}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Borrar la regla ${r.Texto}`}
                    onClick={() => borrar(r)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!reglas.data?.Items.length && <Text c="dimmed">Todavía no hay reglas</Text>}
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="El texto contiene"
          value={nueva.Texto}
          onChange={(e) => setNueva((o) => ({ ...o, Texto: e.currentTarget.value }))}
          error={errores.Texto}
        />
        <Select
          label="Concepto de la regla"
          data={(conceptos.data?.Items ?? []).map((c) => ({ value: String(c.Id), label: c.Descripcion }))}
          value={nueva.IdConcepto || null}
          onChange={(v) => setNueva((o) => ({ ...o, IdConcepto: v ?? '' }))}
          error={errores.IdConcepto}
        />
        <TextInput
          label="Descripción del movimiento"
          value={nueva.Descripcion}
          onChange={(e) => setNueva((o) => ({ ...o, Descripcion: e.currentTarget.value }))}
          error={errores.Descripcion}
        />
        <Button mt={24} variant="light" onClick={guardar}>
          Añadir regla
        </Button>
      </Group>
    </Stack>
  );
}
