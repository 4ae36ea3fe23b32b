import { TIPOS_CONSENTIMIENTO } from '@faro/domain';
import {
  Badge,
  Button,
  FileInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { ligarTexto, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { Pestanas } from '../../ui/Pestanas.tsx';
import { SeccionTarjeta } from '../../ui/SeccionTarjeta.tsx';
import { fechaEs, hoyIso } from '../formacion/formacionApi.ts';
import { Odontograma } from './Odontograma.tsx';
import { BASE, type Paciente, useOdon, useRefrescar } from './odontologiaApi.ts';
import { ListaPlanes } from './PlanesScreens.tsx';

interface Historia {
  Paciente: Paciente;
  Historia: { Alergias: string; Enfermedades: string; Medicacion: string; Notas: string };
  Entradas: { Id: number; Fecha: string; Texto: string; Dentista: string | null }[];
  Consentimientos: {
    Id: number;
    Tipo: string;
    Fecha: string;
    IdFichero: number | null;
    Fichero: string | null;
    Observaciones: string | null;
  }[];
}

/** The patient's file: clinical history (special-category data: its reads are audited), consents, odontogram, plans. */
export function FichaPaciente({ id }: { id: number }) {
  const datos = useOdon<Historia>(`historia/${id}`);
  const [tab, setTab] = useState<string | null>('historia');
  if (datos.isLoading) return <Text>Cargando datos...</Text>;
  if (!datos.data) return <Text>No se ha podido cargar la ficha del paciente.</Text>;
  return (
    <Stack>
      <Title order={1} size="h2">
        {datos.data.Paciente.Nombre}
      </Title>
      <Pestanas
        value={tab}
        onChange={setTab}
        keepMounted={false}
        pestanas={[
          {
            valor: 'historia',
            etiqueta: 'Historia clínica',
            contenido: <HistoriaClinica id={id} datos={datos.data} />,
          },
          { valor: 'odontograma', etiqueta: 'Odontograma', contenido: <Odontograma idPaciente={id} /> },
          { valor: 'planes', etiqueta: 'Planes', contenido: <ListaPlanes idCliente={id} /> },
        ]}
      />
    </Stack>
  );
}

function HistoriaClinica({ id, datos }: { id: number; datos: Historia }) {
  const refrescar = useRefrescar();
  const [h, setH] = useState(datos.Historia);
  const [entrada, setEntrada] = useState({ Fecha: hoyIso(), Texto: '' });
  const [cons, setCons] = useState({ Tipo: 'general', Fecha: hoyIso(), Observaciones: '' });
  const [fichero, setFichero] = useState<File | null>(null);
  const { errores, intentar: probar } = useErroresCampo();
  const textoEntrada = ligarTexto(entrada, setEntrada, errores);
  const textoConsulta = ligarTexto(cons, setCons, errores);
  const tipo = (v: string) => TIPOS_CONSENTIMIENTO.find((t) => t.value === v)?.label ?? v;
  const intentar = (f: () => Promise<unknown>, ok: string) =>
    probar(async () => {
      await f();
      notifySuccess(ok);
      await refrescar();
    });
  const campo = (k: keyof typeof h, label: string) => (
    <Textarea
      label={label}
      autosize
      minRows={2}
      value={h[k]}
      onChange={(e) => setH({ ...h, [k]: e.currentTarget.value })}
      error={errores[k]}
    />
  );
  return (
    <Stack>
      <SeccionTarjeta id="h-datos" titulo="Antecedentes">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {campo('Alergias', 'Alergias')}
          {campo('Enfermedades', 'Enfermedades')}
          {campo('Medicacion', 'Medicación')}
          {campo('Notas', 'Notas')}
        </SimpleGrid>
        <Group mt="sm">
          <Button onClick={() => intentar(() => api.put(`${BASE}/historia/${id}`, h), 'Historia clínica guardada')}>
            Guardar historia
          </Button>
        </Group>
      </SeccionTarjeta>
      <SeccionTarjeta id="h-entradas" titulo="Evolución">
        <Stack gap="xs">
          {datos.Entradas.map((e) => (
            <Text key={e.Id}>
              <strong>{fechaEs(e.Fecha)}</strong> {e.Dentista ? `(${e.Dentista}) ` : ''}
              {e.Texto}
            </Text>
          ))}
          {!datos.Entradas.length && <Text c="dimmed">Sin anotaciones.</Text>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Fecha de la anotación" type="date" {...textoEntrada('Fecha')} />
            <Textarea label="Anotación" autosize {...textoEntrada('Texto')} style={{ gridColumn: 'span 2' }} />
          </SimpleGrid>
          <Group>
            <Button
              variant="light"
              onClick={async () => {
                if (await intentar(() => api.post(`${BASE}/historia/${id}/entradas`, entrada), 'Anotación añadida'))
                  setEntrada({ ...entrada, Texto: '' });
              }}
            >
              Añadir anotación
            </Button>
          </Group>
        </Stack>
      </SeccionTarjeta>
      <SeccionTarjeta id="h-cons" titulo="Consentimientos firmados">
        <Stack gap="xs">
          {datos.Consentimientos.map((c) => (
            <Group key={c.Id} gap="xs">
              <Badge variant="light">{tipo(c.Tipo)}</Badge>
              <Text>{fechaEs(c.Fecha)}</Text>
              {c.IdFichero && (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={async () => {
                    const blob = await api.download(`odontologia/consentimientos/${c.Id}/fichero`);
                    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
                  }}
                >
                  Ver documento {c.Fichero ?? ''}
                </Button>
              )}
              {c.Observaciones && (
                <Text c="dimmed" size="sm">
                  {c.Observaciones}
                </Text>
              )}
            </Group>
          ))}
          {!datos.Consentimientos.length && <Text c="dimmed">Sin consentimientos.</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Tipo de consentimiento"
              value={cons.Tipo}
              onChange={(e) => setCons({ ...cons, Tipo: e.currentTarget.value })}
              data={TIPOS_CONSENTIMIENTO.map((t) => ({ value: t.value, label: t.label }))}
            />
            <TextInput label="Fecha de la firma" type="date" {...textoConsulta('Fecha')} />
            <FileInput
              label="Documento firmado"
              description="JPG, PNG o PDF de hasta 10 MB"
              accept="image/jpeg,image/png,application/pdf"
              value={fichero}
              onChange={setFichero}
              clearable
            />
            <TextInput
              label="Observaciones"
              value={cons.Observaciones}
              onChange={(e) => setCons({ ...cons, Observaciones: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Group>
            <Button
              variant="light"
              onClick={() =>
                intentar(async () => {
                  // The signed document goes to the document manager (type by content, size), then the consent links it.
                  const subido = fichero
                    ? await api.upload<{ Id: number }>('configuracion/gestordoc/subir', fichero)
                    : null;
                  await api.post(`${BASE}/consentimientos/${id}`, { ...cons, IdFichero: subido?.Id ?? null });
                  setFichero(null);
                }, 'Consentimiento registrado')
              }
            >
              Registrar consentimiento
            </Button>
          </Group>
        </Stack>
      </SeccionTarjeta>
    </Stack>
  );
}
