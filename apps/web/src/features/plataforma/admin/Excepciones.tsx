import { Button, Group, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { textoDe } from '../../../ui/form/erroresCampo.ts';
import { fechaHora, Pagina, Tabla, useLista } from '../comun.tsx';
import { ADM, useRecargar } from './adminApi.ts';

interface ErrorGrupo {
  Grupo: string;
  Metodo: string;
  Ruta: string;
  Nombre: string;
  Mensaje: string;
  Veces: number;
  Empresas: number;
  Ultima: string;
  Referencias: string[];
  Resuelto: string | null;
  ResueltoPor: string | null;
}

/** admexcep: the server's unexpected errors grouped by route and error, searchable, marked resolved. */
export function Excepciones() {
  const [buscar, setBuscar] = useState('');
  const [resueltos, setResueltos] = useState(false);
  const recargar = useRecargar();
  const q = useLista<ErrorGrupo>(`${ADM}/admexcep/list`, {
    Filtros: JSON.stringify({ Buscar: buscar, Resueltos: resueltos }),
    TotalPagina: 100,
  });
  return (
    <Pagina titulo="Excepciones">
      <Group wrap="wrap" align="end">
        <TextInput label="Buscar" placeholder="Ruta, error, mensaje o referencia" {...textoDe(buscar, setBuscar)} />
        <Switch label="Ver resueltas" checked={resueltos} onChange={(e) => setResueltos(e.currentTarget.checked)} />
      </Group>
      <Text size="sm" c="dimmed">
        Los mensajes se muestran sin contraseñas, tokens, correos ni números largos.
      </Text>
      <Tabla
        etiqueta="Excepciones agrupadas"
        filas={q.data?.Items}
        clave={(g) => g.Grupo}
        vacio={resueltos ? 'No hay excepciones resueltas' : 'No hay excepciones pendientes'}
        columnas={[
          { titulo: 'Última', celda: (g) => fechaHora(g.Ultima) },
          { titulo: 'Ruta', celda: (g) => `${g.Metodo} ${g.Ruta}` },
          { titulo: 'Error', celda: (g) => g.Nombre },
          { titulo: 'Mensaje', celda: (g) => g.Mensaje },
          { titulo: 'Veces', celda: (g) => g.Veces, numerica: true },
          { titulo: 'Empresas', celda: (g) => g.Empresas, numerica: true },
          { titulo: 'Referencias', celda: (g) => g.Referencias.slice(0, 3).join(' ') },
          {
            titulo: 'Acción',
            celda: (g) => (
              <Button
                size="xs"
                variant="light"
                onClick={async () => {
                  const r = await api.post<{ Mensaje: string }>(`${ADM}/admexcep/resolver`, {
                    Grupo: g.Grupo,
                    Resuelto: !resueltos,
                  });
                  notifySuccess(r.Mensaje);
                  await recargar();
                }}
              >
                {resueltos ? 'Reabrir' : 'Marcar resuelta'}
              </Button>
            ),
          },
        ]}
      />
    </Pagina>
  );
}
