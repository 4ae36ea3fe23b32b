import { PLANES, PRIORIDADES_AVISO } from '@faro/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { ligarSelect, ligarTexto, useErroresCampo } from '../../../ui/form/erroresCampo.ts';
import { fechaHora, Pagina, Tabla, useLista } from '../comun.tsx';
import { ADM, TIPOS, useRecargar } from './adminApi.ts';

const PLANES_OPC = PLANES.map((p) => ({ value: p.Codigo, label: p.Nombre }));
const PRIORIDADES = Object.entries(PRIORIDADES_AVISO).map(([value, label]) => ({ value, label }));

interface Aviso {
  Id: number;
  Titulo: string;
  Texto: string;
  Prioridad: keyof typeof PRIORIDADES_AVISO;
  TiposCuenta: string[];
  Planes: string[];
  Destinatarios: number;
  Creado: string;
}

/** admnotifica: notices to all companies or some (account type, plan), with priority; they reach each user. */
export function Notificaciones() {
  const recargar = useRecargar();
  const q = useLista<Aviso>(`${ADM}/admnotifica/list`);
  const vacio = { Titulo: '', Texto: '', Prioridad: 'i', TiposCuenta: [] as string[], Planes: [] as string[] };
  const [v, setV] = useState(vacio);
  const { errores: err, intentar } = useErroresCampo();
  const texto = ligarTexto(v, setV, err);
  const enviar = () =>
    intentar(async () => {
      const r = await api.post<{ Mensaje: string }>(`${ADM}/admnotifica/save`, v);
      notifySuccess(r.Mensaje);
      setV(vacio);
      await recargar();
    });
  return (
    <Pagina titulo="Notificaciones">
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Nuevo aviso
          </Title>
          <TextInput label="Título" withAsterisk {...texto('Titulo')} />
          <Textarea label="Texto" withAsterisk autosize minRows={3} {...texto('Texto')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select label="Prioridad" data={PRIORIDADES} allowDeselect={false} {...ligarSelect(v, setV)('Prioridad')} />
            <MultiSelect
              label="Tipos de cuenta (vacío: todos)"
              data={TIPOS}
              value={v.TiposCuenta}
              onChange={(t) => setV({ ...v, TiposCuenta: t })}
            />
            <MultiSelect
              label="Planes (vacío: todos)"
              data={PLANES_OPC}
              value={v.Planes}
              onChange={(p) => setV({ ...v, Planes: p })}
            />
          </SimpleGrid>
          <Group>
            <Button onClick={enviar}>Enviar aviso</Button>
          </Group>
        </Stack>
      </Card>
      <Tabla
        etiqueta="Avisos enviados"
        filas={q.data?.Items}
        clave={(a) => a.Id}
        vacio="No se ha enviado ningún aviso"
        columnas={[
          { titulo: 'Fecha', celda: (a) => fechaHora(a.Creado) },
          { titulo: 'Título', celda: (a) => a.Titulo },
          { titulo: 'Prioridad', celda: (a) => <Badge variant="light">{PRIORIDADES_AVISO[a.Prioridad]}</Badge> },
          { titulo: 'Destino', celda: (a) => [...a.TiposCuenta, ...a.Planes].join(', ') || 'Todas las empresas' },
          { titulo: 'Usuarios', celda: (a) => a.Destinatarios, numerica: true },
          {
            titulo: 'Acción',
            celda: (a) => (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={async () => {
                  const r = await api.del<{ Mensaje: string }>(`${ADM}/admnotifica/delete/${a.Id}`);
                  notifySuccess(r.Mensaje);
                  await recargar();
                }}
              >
                Eliminar
              </Button>
            ),
          },
        ]}
      />
    </Pagina>
  );
}
