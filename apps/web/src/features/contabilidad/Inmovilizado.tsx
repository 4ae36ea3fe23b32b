import { formatAmount, formatDate, MSG } from '@faro/domain';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { aPunto, type Elemento, InmovilizadoForm, RUTA_INMOVILIZADO } from './InmovilizadoForm.tsx';
import { columnasImporte, derecha } from './importes.tsx';

interface Cuadro {
  Elemento: Elemento;
  Periodos: {
    Periodo: string;
    Fecha: string;
    Cuota: string;
    Acumulada: string;
    ValorNeto: string;
    Estado: 'previo' | 'asentado' | 'pendiente';
  }[];
  Anual: { Ejercicio: number; Cuota: string; Acumulada: string; ValorNeto: string }[];
}

const hoy = () => new Date().toISOString().slice(0, 10);
const ESTADOS: Record<Elemento['Estado'], { texto: string; color: string }> = {
  activo: { texto: 'En uso', color: 'blue' },
  amortizado: { texto: 'Amortizado', color: 'green' },
  baja: { texto: 'Baja', color: 'gray' },
};
const ESTADO_PERIODO = { previo: 'Antes de Faro', asentado: 'Asentado', pendiente: 'Pendiente' } as const;

interface FilaCuadro {
  clave: string;
  texto: string;
  Cuota: string;
  Acumulada: string;
  ValorNeto: string;
  estado?: string;
}

/** One view of the schedule (by year or by month): the period, its quota and where the asset stands after it. */
function TablaCuadro({ nombre, primera, filas }: { nombre: string; primera: string; filas: FilaCuadro[] }) {
  const conEstado = filas.some((f) => f.estado);
  return (
    <Table.ScrollContainer minWidth={conEstado ? 520 : 420}>
      <Table aria-label={nombre}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{primera}</Table.Th>
            <Table.Th style={derecha}>Cuota</Table.Th>
            <Table.Th style={derecha}>Acumulada</Table.Th>
            <Table.Th style={derecha}>Valor neto</Table.Th>
            {conEstado && <Table.Th>Estado</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.map((f) => (
            <Table.Tr key={f.clave}>
              <Table.Td>{f.texto}</Table.Td>
              <Table.Td style={derecha}>{formatAmount(f.Cuota)}</Table.Td>
              <Table.Td style={derecha}>{formatAmount(f.Acumulada)}</Table.Td>
              <Table.Td style={derecha}>{formatAmount(f.ValorNeto)}</Table.Td>
              {conEstado && <Table.Td>{f.estado}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The schedule of one asset: by year, then month by month with what is already in the ledger. */
function CuadroAmortizacion({ id, onClose }: { id: number; onClose: () => void }) {
  const { info } = useReady();
  const q = useQuery({
    queryKey: qk.row(info.IdEmpresa, 'inmovilizado', `${id}-cuadro`),
    queryFn: () => api.get<Cuadro>(`${RUTA_INMOVILIZADO}/${id}/cuadro`),
  });
  const c = q.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title={c ? `Cuadro de amortización: ${c.Elemento.Codigo}` : 'Cuadro de amortización'}
      size="xl"
    >
      {c && (
        <Stack gap="sm">
          <Text size="sm">
            {c.Elemento.Descripcion} · coste {formatAmount(c.Elemento.Coste)} · valor residual{' '}
            {formatAmount(c.Elemento.ValorResidual)} · {c.Elemento.CoeficienteAnual} % anual
          </Text>
          <Tabs defaultValue="anual">
            <Tabs.List>
              <Tabs.Tab value="anual">Por ejercicio</Tabs.Tab>
              <Tabs.Tab value="mensual">Por mes</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="anual" pt="sm">
              <TablaCuadro
                nombre="Cuadro de amortización por ejercicio"
                primera="Ejercicio"
                filas={c.Anual.map((y) => ({ clave: String(y.Ejercicio), texto: String(y.Ejercicio), ...y }))}
              />
            </Tabs.Panel>
            <Tabs.Panel value="mensual" pt="sm">
              <TablaCuadro
                nombre="Cuadro de amortización por mes"
                primera="Fecha"
                filas={c.Periodos.map((p) => ({
                  clave: p.Periodo,
                  texto: formatDate(p.Fecha),
                  estado: ESTADO_PERIODO[p.Estado],
                  ...p,
                }))}
              />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}

/** Sale or retirement: the date and the price (none for a retirement); the answer says the gain or loss. */
function DarDeBaja({ elemento, onClose, onHecho }: { elemento: Elemento; onClose: () => void; onHecho: () => void }) {
  const [Fecha, setFecha] = useState(hoy());
  const [Precio, setPrecio] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const baja = useMutation({
    mutationFn: () =>
      api.post<{ Asientos: number; Resultado: string }>(`${RUTA_INMOVILIZADO}/${elemento.Id}/baja`, {
        Fecha,
        Precio: aPunto(Precio),
      }),
    onSuccess: (r) => {
      const n = Number(r.Resultado);
      const resultado =
        n > 0
          ? `beneficio de ${formatAmount(r.Resultado)}`
          : n < 0
            ? `pérdida de ${formatAmount(String(-n))}`
            : 'sin resultado';
      notifySuccess(`${elemento.Codigo} dado de baja (${resultado}); asientos: ${r.Asientos}`);
      onHecho();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fieldErrors.length)
        setErrores(Object.fromEntries(e.fieldErrors.map((x) => [x.Campo, x.Mensaje])));
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Dar de baja ${elemento.Codigo}`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!Fecha) setErrores({ Fecha: MSG.required('Fecha') });
          else baja.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Se asienta la amortización de los meses anteriores a la baja y el asiento de baja: el resultado va a la
            cuenta 671 (pérdida) o 771 (beneficio).
          </Text>
          <TextInput
            label="Fecha de baja"
            type="date"
            required
            value={Fecha}
            error={errores.Fecha}
            onChange={(e) => setFecha(e.currentTarget.value)}
          />
          <TextInput
            label="Precio de venta"
            description="Vacío si se retira sin venderlo"
            inputMode="decimal"
            value={Precio}
            error={errores.Precio}
            onChange={(e) => setPrecio(e.currentTarget.value)}
          />
          <BotonesDialogo onCancelar={onClose} type="submit" color="red" loading={baja.isPending}>
            Dar de baja
          </BotonesDialogo>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * `contabilidad/inmovilizado`: the fixed-asset register with each asset's net book value, its schedule, the form,
 * «Amortizar hasta…» (posts the depreciation due into the ledger and says how many entries) and the baja.
 */
export function Inmovilizado() {
  const { info } = useReady();
  const qc = useQueryClient();
  const clave = qk.entity(info.IdEmpresa, 'inmovilizado');
  const lista = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'inmovilizado', {}),
    queryFn: () => api.get<{ Items: Elemento[] }>(RUTA_INMOVILIZADO),
  });
  const [form, setForm] = useState<{ elemento: Elemento | null } | null>(null);
  const [cuadro, setCuadro] = useState<number | null>(null);
  const [baja, setBaja] = useState<Elemento | null>(null);
  const [hasta, setHasta] = useState(hoy());
  const [hechos, setHechos] = useState<number | null>(null);
  const refrescar = () => {
    void qc.invalidateQueries({ queryKey: clave });
    void qc.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'libro'] });
  };
  const amortizar = useMutation({
    mutationFn: () => api.post<{ Asientos: number }>(`${RUTA_INMOVILIZADO}/amortizar`, { Hasta: hasta }),
    onSuccess: (r) => {
      setHechos(r.Asientos);
      notifySuccess(`Amortización asentada hasta ${formatDate(hasta)}: ${r.Asientos} asientos`);
      refrescar();
    },
  });
  const items = lista.data?.Items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <BotonProtegido permiso="ImptoEmit" accion="crear" onClick={() => setForm({ elemento: null })}>
          Nuevo elemento
        </BotonProtegido>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (hasta) amortizar.mutate();
          }}
        >
          <Group align="end" gap="xs" wrap="wrap">
            <TextInput
              label="Amortizar hasta"
              type="date"
              required
              value={hasta}
              onChange={(e) => setHasta(e.currentTarget.value)}
              w={170}
            />
            <BotonProtegido permiso="ImptoEmit" type="submit" loading={amortizar.isPending}>
              Amortizar
            </BotonProtegido>
          </Group>
        </form>
      </Group>
      {hechos !== null && (
        <Alert color="green" title="Amortización asentada" role="status">
          {hechos === 1 ? 'Se ha asentado 1 asiento' : `Se han asentado ${hechos} asientos`} hasta el{' '}
          {formatDate(hasta)}. <Link to="/contabilidad/libro">Ver el libro diario</Link>
        </Alert>
      )}
      {lista.isSuccess && !items.length && <Text c="dimmed">No hay elementos del inmovilizado.</Text>}
      {items.length > 0 && (
        <TablaSimple
          minWidth={860}
          aria-label="Elementos del inmovilizado"
          striped
          columnas={[
            'Código',
            'Descripción',
            'Inicio',
            ...columnasImporte('Coste', 'Amortización acumulada', 'Valor neto contable'),
            'Estado',
            'Acciones',
          ]}
        >
          {items.map((e) => (
            <Table.Tr key={e.Id}>
              <Table.Td>{e.Codigo}</Table.Td>
              <Table.Td>
                {e.Descripcion}
                <Text size="xs" c="dimmed">
                  {e.GrupoTexto} · {e.CoeficienteAnual} %
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(e.FechaInicio)}</Table.Td>
              <Table.Td style={derecha}>{formatAmount(e.Coste)}</Table.Td>
              <Table.Td style={derecha}>{formatAmount(e.AmortizacionAcumulada)}</Table.Td>
              <Table.Td style={derecha}>{formatAmount(e.ValorNetoContable)}</Table.Td>
              <Table.Td>
                {/* The state is read whole ("En uso", "Amortizado"): the column widens instead of cutting it. */}
                <Badge variant="light" color={ESTADOS[e.Estado].color} miw="max-content">
                  {ESTADOS[e.Estado].texto}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setCuadro(e.Id)}
                    aria-label={`Cuadro de ${e.Codigo}`}
                  >
                    Cuadro
                  </Button>
                  {e.Asientos === 0 && !e.FechaBaja && (
                    <BotonProtegido
                      permiso="ImptoEmit"
                      ocultar
                      size="xs"
                      variant="default"
                      aria-label={`Editar ${e.Codigo}`}
                      onClick={() => setForm({ elemento: e })}
                    >
                      Editar
                    </BotonProtegido>
                  )}
                  {!e.FechaBaja && (
                    <BotonProtegido
                      permiso="ImptoEmit"
                      ocultar
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={`Dar de baja ${e.Codigo}`}
                      onClick={() => setBaja(e)}
                    >
                      Dar de baja
                    </BotonProtegido>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </TablaSimple>
      )}
      {form && (
        <InmovilizadoForm
          elemento={form.elemento}
          onClose={() => setForm(null)}
          onGuardado={(e) => {
            setForm(null);
            refrescar();
            setCuadro(e.Id);
          }}
        />
      )}
      {cuadro !== null && <CuadroAmortizacion id={cuadro} onClose={() => setCuadro(null)} />}
      {baja && (
        <DarDeBaja
          elemento={baja}
          onClose={() => setBaja(null)}
          onHecho={() => {
            setBaja(null);
            refrescar();
          }}
        />
      )}
    </Stack>
  );
}
