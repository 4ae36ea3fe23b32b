import { enumOptions, PASSWORD_HINT } from '@faro/domain';
import { Button, Card, Group, Modal, MultiSelect, PasswordInput, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { erroresDe, ligarTexto, textoDe, useErroresCampo } from '../../../ui/form/erroresCampo.ts';
import { SiNo, Tabla, useLista } from '../comun.tsx';
import { ADM, useRecargar } from './adminApi.ts';

interface UsuarioFila {
  Id: number;
  UserName: string;
  Nombre: string;
  Apellido1: string | null;
  Apellido2: string | null;
  NombreComercial: string | null;
  Email: string;
  Roles: string[];
  Propietario: boolean;
  Bloqueado?: boolean;
}
const ROLES = enumOptions({
  usuario: 'Usuario',
  empleado: 'Empleado',
  asesoria: 'Asesoría',
  profesor: 'Profesor',
  reghorario: 'Fichaje',
});

/** The company's users through administrador/admusuarios (spec §7). */
export function UsuariosEmpresa({ empresa }: { empresa: number }) {
  const recargar = useRecargar();
  const base = `${ADM}/admusuarios`;
  const q = useLista<UsuarioFila>(`${base}/list/${empresa}`);
  const [editando, setEditando] = useState<UsuarioFila | 'nuevo' | null>(null);
  const [clave, setClave] = useState<UsuarioFila | null>(null);
  const post = async (path: string, body?: unknown) => {
    const r = await api.post<{ Mensaje: string }>(path, body ?? {});
    notifySuccess(r.Mensaje);
    await recargar();
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h3">
            Usuarios
          </Title>
          <Button variant="light" onClick={() => setEditando('nuevo')}>
            Nuevo usuario
          </Button>
        </Group>
        <Tabla
          etiqueta="Usuarios de la empresa"
          filas={q.data?.Items}
          clave={(u) => u.Id}
          columnas={[
            { titulo: 'Usuario', celda: (u) => u.UserName },
            { titulo: 'Nombre', celda: (u) => [u.Nombre, u.Apellido1, u.Apellido2].filter(Boolean).join(' ') },
            { titulo: 'Email', celda: (u) => u.Email },
            { titulo: 'Roles', celda: (u) => `${u.Roles.join(', ')}${u.Propietario ? ' (propietario)' : ''}` },
            {
              titulo: 'Bloqueado',
              celda: (u) => <SiNo si={!!u.Bloqueado} textoSi="Bloqueado" textoNo="No" color="red" />,
            },
            {
              titulo: 'Acciones',
              celda: (u) => (
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditando(u)}>
                    Editar
                  </Button>
                  {u.Bloqueado && (
                    <Button size="xs" variant="light" onClick={() => post(`${base}/desbloquear/${empresa}/${u.Id}`)}>
                      Desbloquear
                    </Button>
                  )}
                  <Button size="xs" variant="light" onClick={() => setClave(u)}>
                    Cambiar contraseña
                  </Button>
                  {!u.Propietario && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={async () => {
                        const r = await api.del<{ Mensaje: string }>(`${base}/delete/${empresa}/${u.Id}`);
                        notifySuccess(r.Mensaje);
                        await recargar();
                      }}
                    >
                      Eliminar
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Stack>
      {editando && (
        <UsuarioModal
          empresa={empresa}
          usuario={editando === 'nuevo' ? null : editando}
          onClose={async () => {
            setEditando(null);
            await recargar();
          }}
        />
      )}
      {clave && <ClaveModal empresa={empresa} usuario={clave} onClose={() => setClave(null)} />}
    </Card>
  );
}

function UsuarioModal({
  empresa,
  usuario,
  onClose,
}: {
  empresa: number;
  usuario: UsuarioFila | null;
  onClose: () => void;
}) {
  const [v, setV] = useState({
    UserName: usuario?.UserName ?? '',
    Nombre: usuario?.Nombre ?? '',
    Apellido1: usuario?.Apellido1 ?? '',
    Apellido2: usuario?.Apellido2 ?? '',
    NombreComercial: usuario?.NombreComercial ?? '',
    Email: usuario?.Email ?? '',
    Roles: usuario?.Roles ?? ['usuario'],
    Propietario: usuario?.Propietario ?? false,
    Password: '',
  });
  const { errores: err, intentar } = useErroresCampo();
  const texto = ligarTexto(v, setV, err);
  const base = `${ADM}/admusuarios`;
  const guardar = () =>
    intentar(async () => {
      if (usuario) await api.put(`${base}/save/${empresa}/${usuario.Id}`, { ...v, Password: undefined });
      else await api.post(`${base}/save/${empresa}`, v);
      notifySuccess('Los datos se han guardado correctamente');
      onClose();
    });
  const campo = (
    k: 'UserName' | 'Nombre' | 'Apellido1' | 'Apellido2' | 'NombreComercial' | 'Email',
    label: string,
    req = false,
  ) => (
    <TextInput
      label={label}
      withAsterisk={req}
      value={v[k]}
      error={err[k]}
      disabled={k === 'UserName' && !!usuario}
      onChange={(e) => setV({ ...v, [k]: e.currentTarget.value })}
    />
  );
  return (
    <Modal opened onClose={onClose} title={usuario ? `Usuario ${usuario.UserName}` : 'Nuevo usuario'}>
      <Stack gap="sm">
        {campo('UserName', 'Usuario', true)}
        {campo('Nombre', 'Nombre', true)}
        {campo('Apellido1', 'Primer apellido')}
        {campo('Apellido2', 'Segundo apellido')}
        {campo('NombreComercial', 'Nombre comercial')}
        {campo('Email', 'Email', true)}
        <MultiSelect
          label="Roles"
          data={ROLES}
          value={v.Roles}
          error={err.Roles}
          onChange={(r) => setV({ ...v, Roles: r })}
        />
        <Switch
          label="Propietario"
          checked={v.Propietario}
          onChange={(e) => setV({ ...v, Propietario: e.currentTarget.checked })}
        />
        {!usuario && (
          <PasswordInput label="Contraseña" withAsterisk description={PASSWORD_HINT} {...texto('Password')} />
        )}
        <Button onClick={guardar}>Guardar</Button>
      </Stack>
    </Modal>
  );
}

function ClaveModal({ empresa, usuario, onClose }: { empresa: number; usuario: UsuarioFila; onClose: () => void }) {
  const [clave, setClave] = useState('');
  const [err, setErr] = useState<string | undefined>();
  return (
    <Modal opened onClose={onClose} title={`Cambiar la contraseña de ${usuario.UserName}`}>
      <Stack gap="sm">
        <PasswordInput
          label="Nueva contraseña"
          withAsterisk
          description={PASSWORD_HINT}
          {...textoDe(clave, setClave, err)}
        />
        <Button
          onClick={async () => {
            try {
              const r = await api.post<{ Mensaje: string }>(
                `${ADM}/admusuarios/cambiarcontrasena/${empresa}/${usuario.Id}`,
                {
                  NuevoPassword: clave,
                },
              );
              notifySuccess(r.Mensaje);
              onClose();
            } catch (e) {
              setErr(erroresDe(e).NuevoPassword);
            }
          }}
        >
          Cambiar la contraseña
        </Button>
      </Stack>
    </Modal>
  );
}
