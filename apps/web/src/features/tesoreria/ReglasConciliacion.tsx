import { enumOptions, type ReglaConciliacionJson, textoLegible } from '@faro/domain';
import { ActionIcon, Button, Checkbox, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { textoDe, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { IconTrash } from '../../ui/icons.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { BuscadorSelect } from '../documentos/BuscadorSelect.tsx';
import { useConceptos, useRefrescar } from './tesoreriaModel.ts';

const TIPOS_CONTACTO = enumOptions({
  '': 'Sin cliente ni proveedor',
  cliente: 'Un cliente',
  proveedor: 'Un proveedor',
});

/** A remembered rule: a line whose text contains `Texto` becomes a movement of the concept. */
export type Regla = ReglaConciliacionJson;

/** The customer or supplier a rule (and the movements it creates) is about. */
interface Contacto {
  tipo: 'cliente' | 'proveedor' | null;
  id: number | null;
  nombre: string;
}
const SIN_CONTACTO: Contacto = { tipo: null, id: null, nombre: '' };
const contactoDe = (r: Regla | null): Contacto =>
  r?.IdCliente
    ? { tipo: 'cliente', id: r.IdCliente, nombre: r.Contacto ?? '' }
    : r?.IdProveedor
      ? { tipo: 'proveedor', id: r.IdProveedor, nombre: r.Contacto ?? '' }
      : SIN_CONTACTO;
/** The body's IdCliente / IdProveedor (null when none). */
const cuerpoContacto = (c: Contacto) => ({
  IdCliente: c.tipo === 'cliente' ? c.id : null,
  IdProveedor: c.tipo === 'proveedor' ? c.id : null,
});
const BUSCAR = {
  cliente: { path: 'ventas/clientes/list', entidad: 'clientes', label: 'Cliente' },
  proveedor: { path: 'compras/proveedores/list', entidad: 'proveedores', label: 'Proveedor' },
};

/** 'Contacto': none, a customer or a supplier, searched by code, name or NIF. */
function ContactoSelect({
  valor,
  onChange,
  errores,
}: {
  valor: Contacto;
  onChange: (c: Contacto) => void;
  errores: Record<string, string>;
}) {
  const buscar = valor.tipo ? BUSCAR[valor.tipo] : null;
  return (
    <>
      <Select
        label="Contacto"
        data={[...TIPOS_CONTACTO]}
        value={valor.tipo ?? ''}
        allowDeselect={false}
        onChange={(v) => onChange({ ...SIN_CONTACTO, tipo: v === 'cliente' || v === 'proveedor' ? v : null })}
        comboboxProps={{ withinPortal: true }}
      />
      {buscar && (
        <BuscadorSelect<{ Id: number; Nombre: string }>
          path={buscar.path}
          entidad={buscar.entidad}
          label={buscar.label}
          placeholder="Busca por código, nombre o NIF"
          value={valor.id}
          etiqueta={valor.nombre}
          opcion={(r) => r.Nombre}
          onPick={(r) => onChange({ ...valor, id: r?.Id ?? null, nombre: r?.Nombre ?? '' })}
          error={errores.IdCliente ?? errores.IdProveedor}
        />
      )}
    </>
  );
}

/** The line the movement is created from. */
export interface ApunteLibre {
  Id: number;
  Concepto: string;
  Etiqueta: string;
  Regla: Regla | null;
}

/** The rule's wording on a line: «comisión» → Comisiones bancarias (626…), and its customer or supplier. */
export const textoRegla = (r: Regla) =>
  `«${r.Texto}» → ${r.Concepto}${r.CuentaContable ? ` (${r.CuentaContable})` : ''}${r.Contacto ? ` · ${r.Contacto}` : ''}`;

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
  const [contacto, setContacto] = useState<Contacto>(() => contactoDe(regla));
  const [recordar, setRecordar] = useState(false);
  const [texto, setTexto] = useState(textoLegible(apunte.Concepto));
  const { errores, intentar } = useErroresCampo();
  const crear = () =>
    intentar(async () => {
      await api.post(`tesoreria/extractos/movimiento/${apunte.Id}`, {
        IdConcepto: idConcepto ? Number(idConcepto) : null,
        Descripcion: descripcion,
        ...cuerpoContacto(contacto),
        Recordar: recordar,
        ...(recordar ? { TextoRegla: texto } : {}),
      });
      notifySuccess(recordar ? 'Movimiento creado y conciliado; regla guardada' : 'Movimiento creado y conciliado');
      await refrescar();
      onClose();
    });
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
        <TextInput label="Descripción" withAsterisk {...textoDe(descripcion, setDescripcion, errores.Descripcion)} />
        <ContactoSelect valor={contacto} onChange={setContacto} errores={errores} />
        <Checkbox
          label="Recordar para próximas"
          checked={recordar}
          onChange={(e) => setRecordar(e.currentTarget.checked)}
        />
        {recordar && (
          <TextInput
            label="Cuando el texto del banco contenga"
            withAsterisk
            {...textoDe(texto, setTexto, errores.TextoRegla)}
          />
        )}
        <BotonesDialogo onCancelar={onClose} onClick={crear}>
          Crear y conciliar
        </BotonesDialogo>
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
  const [contacto, setContacto] = useState<Contacto>(SIN_CONTACTO);
  const { errores, intentar } = useErroresCampo();
  const guardar = () =>
    intentar(async () => {
      await api.post('tesoreria/reglasconciliacion/save', {
        ...nueva,
        IdConcepto: nueva.IdConcepto || null,
        ...cuerpoContacto(contacto),
      });
      notifySuccess('Regla guardada');
      setNueva({ Texto: '', IdConcepto: '', Descripcion: '' });
      setContacto(SIN_CONTACTO);
      await reglas.refetch();
    });
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
      <TablaSimple
        minWidth={480}
        striped
        columnas={['El texto contiene', 'Concepto', 'Descripción', 'Contacto', { titulo: null, clave: 'col4' }]}
      >
        {(reglas.data?.Items ?? []).map((r) => (
          <Table.Tr key={r.Id}>
            <Table.Td>{r.Texto}</Table.Td>
            <Table.Td>
              {r.Concepto}
              {r.CuentaContable ? ` (${r.CuentaContable})` : ''}
            </Table.Td>
            <Table.Td>{r.Descripcion}</Table.Td>
            <Table.Td>{r.Contacto ?? ''}</Table.Td>
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
      </TablaSimple>
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
        <ContactoSelect valor={contacto} onChange={setContacto} errores={errores} />
        <Button mt={24} variant="light" onClick={guardar}>
          Añadir regla
        </Button>
      </Group>
    </Stack>
  );
}
