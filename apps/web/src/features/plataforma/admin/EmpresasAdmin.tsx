import {
  formatAmount,
  formatNumber,
  MODULE_FLAG_LIST,
  MODULE_FLAGS,
  PLANES,
  TIPOS_CUENTA_TEXTO,
  type TipoCuenta,
} from '@faro/domain';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../platform/api/client.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { erroresDe, ligarSelect, ligarTexto, textoDe } from '../../../ui/form/erroresCampo.ts';
import { bytes, fecha, Pagina, Paginas, SiNo, Tabla, useLista } from '../comun.tsx';
import { ADM, TIPOS, useRecargar } from './adminApi.ts';
import { ContratosEmpresa } from './ContratosEmpresa.tsx';
import { UsuariosEmpresa } from './UsuariosEmpresa.tsx';

const PLANES_OPC = PLANES.map((p) => ({
  value: p.Codigo,
  label: `${p.Nombre} (${formatAmount(p.PrecioMes, { decimals: 0 })}/mes)`,
}));
const planNombre = (c: string) => PLANES.find((p) => p.Codigo === c)?.Nombre ?? c;

interface EmpresaFila {
  Id: number;
  Codigo: string;
  Nombre: string;
  NIF: string;
  TipoCuenta: TipoCuenta;
  Plan: string;
  EntidadPruebas: boolean;
  /** Issued invoices: while there are any, the company cannot start clean. */
  FacturasEmitidas?: number;
  CondicionesAceptadas: boolean;
  Suspendida: boolean;
  NumUsuarios: number;
  UltimaActividad: string | null;
  Almacenamiento: number;
  Modulos: Record<string, boolean>;
  Usuarios?: number;
  Centros?: number;
}

/** admempresas/lista: every company with its account type, plan, test/production, users, last activity, storage. */
export function EmpresasLista() {
  const navigate = useNavigate();
  const [buscar, setBuscar] = useState('');
  const [tipo, setTipo] = useState<string | null>(null);
  const [pagina, setPagina] = useState(1);
  const filtros = JSON.stringify({ Buscar: buscar, TipoCuenta: tipo ?? '' });
  const q = useLista<EmpresaFila>(`${ADM}/admempresas/list`, { Filtros: filtros, Pagina: pagina, TotalPagina: 50 });
  return (
    <Pagina titulo="Empresas" acciones={<Button onClick={() => navigate('/admempresas/nuevo')}>Nueva empresa</Button>}>
      <Group wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder="Nombre, código o NIF"
          value={buscar}
          onChange={(e) => {
            setBuscar(e.currentTarget.value);
            setPagina(1);
          }}
        />
        <Select label="Tipo de cuenta" data={TIPOS} value={tipo} onChange={setTipo} clearable />
      </Group>
      <Text size="sm" c="dimmed">
        {q.data ? `${formatNumber(q.data.Total, 0)} empresas` : ''}
      </Text>
      <Tabla
        etiqueta="Empresas de la plataforma"
        filas={q.data?.Items}
        clave={(e) => e.Id}
        abrir={(e) => navigate(`/admempresas/editar/${e.Id}`)}
        columnas={[
          { titulo: 'Código', celda: (e) => e.Codigo },
          { titulo: 'Nombre', celda: (e) => e.Nombre },
          { titulo: 'Tipo', celda: (e) => TIPOS_CUENTA_TEXTO[e.TipoCuenta] ?? e.TipoCuenta },
          { titulo: 'Plan', celda: (e) => planNombre(e.Plan) },
          {
            titulo: 'Entorno',
            celda: (e) => <SiNo si={e.EntidadPruebas} textoSi="Pruebas" textoNo="Producción" color="orange" />,
          },
          {
            titulo: 'Estado',
            celda: (e) =>
              e.Suspendida ? (
                <SiNo si textoSi="Suspendida" textoNo="" color="red" />
              ) : (
                <SiNo si={e.CondicionesAceptadas} textoSi="Activa" textoNo="Sin firmar" />
              ),
          },
          { titulo: 'Usuarios', celda: (e) => e.NumUsuarios, numerica: true },
          { titulo: 'Última actividad', celda: (e) => fecha(e.UltimaActividad) },
          { titulo: 'Almacenamiento', celda: (e) => bytes(e.Almacenamiento), numerica: true },
        ]}
      />
      <Paginas total={q.data?.Total ?? 0} pagina={pagina} tam={50} onChange={setPagina} />
    </Pagina>
  );
}

const VACIA = {
  Codigo: '',
  Nombre: '',
  NIF: '',
  TipoCuenta: 'general' as string,
  Plan: 'basico',
  Modulos: {} as Record<string, boolean>,
  Usuarios: 1,
  Centros: 1,
};

/** admempresas/nuevo and admempresas/editar/{id}: the company, its subscription, users and contracts. */
export function EmpresaEditor({ id }: { id: number | null }) {
  const q = useQuery({
    queryKey: ['plataforma', 'empresa', id],
    queryFn: () => api.get<EmpresaFila>(`${ADM}/admempresas/edit/${id}`),
    enabled: id !== null,
  });
  if (id !== null && !q.data) return <Text c="dimmed">Cargando datos...</Text>;
  return <EmpresaForm key={id ?? 'nueva'} id={id} inicial={q.data} />;
}

function EmpresaForm({ id, inicial }: { id: number | null; inicial?: EmpresaFila }) {
  const navigate = useNavigate();
  const [v, setV] = useState(inicial ? { ...VACIA, ...inicial } : VACIA);
  const [err, setErr] = useState<Record<string, string>>({});
  const texto = ligarTexto(v, setV, err);
  const [motivo, setMotivo] = useState<string | null>(null);
  const recargar = useRecargar();
  const guardar = async () => {
    setErr({});
    const body = {
      Nombre: v.Nombre,
      NIF: v.NIF,
      TipoCuenta: v.TipoCuenta,
      Plan: v.Plan,
      Modulos: v.Modulos,
      Usuarios: v.Usuarios,
      Centros: v.Centros,
    };
    try {
      if (id === null) {
        const r = await api.post<EmpresaFila>(`${ADM}/admempresas/save`, { ...body, Codigo: v.Codigo });
        notifySuccess('Los datos se han guardado correctamente');
        await recargar();
        navigate(`/admempresas/editar/${r.Id}`);
      } else {
        await api.put(`${ADM}/admempresas/save/${id}`, body);
        notifySuccess('Los datos se han guardado correctamente');
        await recargar();
      }
    } catch (e) {
      setErr(erroresDe(e));
    }
  };
  const [produccion, setProduccion] = useState<null | 'conservar' | 'limpiar'>(null);
  const facturas = inicial?.FacturasEmitidas ?? 0;
  const [mesCuota, setMesCuota] = useState(() => new Date().toISOString().slice(0, 7));
  const accion = async (path: string, body?: unknown) => {
    const r = await api.post<{ Mensaje: string }>(`${ADM}/admempresas/${path}/${id}`, body ?? {});
    notifySuccess(r.Mensaje);
    await recargar();
  };
  return (
    <Pagina
      titulo={id === null ? 'Nueva empresa' : `Empresa ${inicial?.Nombre ?? ''}`}
      acciones={
        <Button variant="default" onClick={() => navigate('/admempresas/lista')}>
          Volver a la lista
        </Button>
      }
    >
      <Card withBorder>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {id === null && (
              <TextInput
                label="Código"
                withAsterisk
                value={v.Codigo}
                error={err.Codigo}
                onChange={(e) => setV({ ...v, Codigo: e.currentTarget.value.toUpperCase() })}
              />
            )}
            <TextInput label="Nombre" withAsterisk {...texto('Nombre')} />
            <TextInput label="NIF" {...texto('NIF')} />
            <Select label="Tipo de cuenta" data={TIPOS} allowDeselect={false} {...ligarSelect(v, setV)('TipoCuenta')} />
            <Select label="Plan" data={PLANES_OPC} allowDeselect={false} {...ligarSelect(v, setV)('Plan')} />
            <NumberInput
              label="Usuarios"
              min={1}
              value={v.Usuarios}
              onChange={(n) => setV({ ...v, Usuarios: Number(n) || 1 })}
            />
            <NumberInput
              label="Centros"
              min={1}
              value={v.Centros}
              onChange={(n) => setV({ ...v, Centros: Number(n) || 1 })}
            />
          </SimpleGrid>
          <Checkbox.Group
            label="Módulos"
            value={Object.keys(v.Modulos).filter((k) => v.Modulos[k])}
            onChange={(on) => setV({ ...v, Modulos: Object.fromEntries(on.map((k) => [k, true])) })}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
              {MODULE_FLAG_LIST.map((m) => (
                <Checkbox key={m} value={m} label={MODULE_FLAGS[m]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group>
            <Button onClick={guardar}>Guardar</Button>
          </Group>
        </Stack>
      </Card>
      {id !== null && inicial && (
        <>
          <Card withBorder>
            <Group gap="sm" wrap="wrap">
              <SiNo si={inicial.EntidadPruebas} textoSi="Entorno de pruebas" textoNo="Producción" color="orange" />
              <SiNo si={inicial.Suspendida} textoSi="Suspendida" textoNo="Activa" color="red" />
              <SiNo si={inicial.CondicionesAceptadas} textoSi="Contrato firmado" textoNo="Contrato sin firmar" />
              {inicial.EntidadPruebas && (
                <Button variant="light" onClick={() => setProduccion('conservar')}>
                  Pasar a producción
                </Button>
              )}
              {inicial.Suspendida ? (
                <Button variant="light" onClick={() => accion('suspender', { Suspendida: false })}>
                  Reactivar
                </Button>
              ) : (
                <Button variant="light" color="red" onClick={() => setMotivo('')}>
                  Suspender
                </Button>
              )}
              <Button variant="light" onClick={() => accion('contrato')}>
                Generar y enviar contrato
              </Button>
            </Group>
            {!inicial.EntidadPruebas && (
              <Group gap="sm" align="flex-end" mt="sm">
                <TextInput type="month" label="Mes de la cuota" {...textoDe(mesCuota, setMesCuota)} />
                <Button variant="light" onClick={() => accion('facturarcuota', { Periodo: mesCuota })}>
                  Facturar la cuota del mes
                </Button>
              </Group>
            )}
          </Card>
          <UsuariosEmpresa empresa={id} />
          <ContratosEmpresa empresa={id} />
        </>
      )}
      <Modal opened={produccion !== null} onClose={() => setProduccion(null)} title="Pasar a producción">
        <Stack>
          <Radio.Group
            label="¿Qué hacemos con los datos de prueba? (lo que haya elegido el propietario)"
            value={produccion ?? 'conservar'}
            onChange={(d) => setProduccion(d as 'conservar' | 'limpiar')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="conservar" label="Conservar los datos de prueba" />
              <Radio
                value="limpiar"
                label="Empezar de cero (se conservan los usuarios, perfiles y centros)"
                disabled={facturas > 0}
              />
            </Stack>
          </Radio.Group>
          {facturas > 0 && (
            <Text size="sm" c="dimmed">
              No se puede empezar de cero: la empresa ya ha emitido {facturas} {facturas === 1 ? 'factura' : 'facturas'}{' '}
              y las facturas emitidas no se pueden borrar (la ley obliga a conservarlas).
            </Text>
          )}
          <Button
            onClick={async () => {
              await accion('produccion', { Datos: produccion });
              setProduccion(null);
            }}
          >
            Pasar a producción
          </Button>
        </Stack>
      </Modal>
      <Modal opened={motivo !== null} onClose={() => setMotivo(null)} title="Suspender la empresa">
        <Stack>
          <TextInput label="Motivo" value={motivo ?? ''} onChange={(e) => setMotivo(e.currentTarget.value)} />
          <Button
            color="red"
            onClick={async () => {
              await accion('suspender', { Suspendida: true, Motivo: motivo });
              setMotivo(null);
            }}
          >
            Suspender
          </Button>
        </Stack>
      </Modal>
    </Pagina>
  );
}
