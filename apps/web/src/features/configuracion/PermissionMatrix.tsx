import {
  PERMISSION_CODE_LIST,
  PERMISSION_CODES,
  PERMISSION_LEVELS,
  type PermissionCode,
  type PermissionLevel,
} from '@faro/domain';
import { Button, Group, Input, SegmentedControl, Table, Text } from '@mantine/core';
import type { InputProps } from '../../ui/fields/inputs.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';

/** Readable sections of the permission registry, by code prefix. */
const SECTIONS: [prefix: string, title: string][] = [
  ['Con', 'Contactos'],
  ['Alumno', 'Alumnos'],
  ['Curso', 'Formación'],
  ['Exam', 'Exámenes'],
  ['Ventas', 'Ventas'],
  ['Impto', 'Impuestos'],
  ['Teso', 'Tesorería'],
  ['Market', 'Marketing'],
  ['Cata', 'Catálogo'],
  ['Compras', 'Compras'],
  ['Pers', 'Personal'],
  ['Clie', 'Portal del alumno'],
];

export function sectionOf(code: PermissionCode): string {
  if (code.startsWith('Conf')) return 'Configuración';
  return SECTIONS.find(([p]) => code.startsWith(p))?.[1] ?? 'Otros';
}

const LEVEL_SHORT: Record<PermissionLevel, string> = { 0: 'Sin acceso', 1: 'Consultar', 2: 'Modificar', 3: 'Eliminar' };
const LEVELS: PermissionLevel[] = [0, 1, 2, 3];

type Permisos = Partial<Record<PermissionCode, PermissionLevel>>;

/** The permission matrix of a role profile: one row per permission code, level 0–3 per row. */
export function PermissionMatrix(p: InputProps) {
  const value = (p.value && typeof p.value === 'object' ? p.value : {}) as Permisos;
  const set = (code: PermissionCode, level: PermissionLevel) => p.onChange({ ...value, [code]: level });
  const setAll = (level: PermissionLevel) =>
    p.onChange(Object.fromEntries(PERMISSION_CODE_LIST.map((c) => [c, level])) as Permisos);
  const ordered = [...PERMISSION_CODE_LIST].sort((a, b) => sectionOf(a).localeCompare(sectionOf(b), 'es'));
  let lastSection = '';
  return (
    <Input.Wrapper
      label={p.def.label}
      description="0 sin acceso · 1 consultar · 2 consultar, crear y modificar · 3 también eliminar"
      error={p.error}
    >
      {!p.readOnly && (
        <Group gap="xs" my="xs">
          <Text size="sm">Todos a:</Text>
          {LEVELS.map((l) => (
            <Button key={l} size="compact-xs" variant="default" onClick={() => setAll(l)}>
              {LEVEL_SHORT[l]}
            </Button>
          ))}
        </Group>
      )}
      <TablaSimple minWidth={620} verticalSpacing={6} data-testid="permission-matrix" columnas={['Función', 'Nivel']}>
        {ordered.flatMap((code) => {
          const section = sectionOf(code);
          const rows = [];
          if (section !== lastSection) {
            lastSection = section;
            rows.push(
              <Table.Tr key={`s-${section}`} bg="var(--mantine-color-gray-0)">
                <Table.Td colSpan={2}>
                  <Text fw={700} size="sm">
                    {section}
                  </Text>
                </Table.Td>
              </Table.Tr>,
            );
          }
          const level = (value[code] ?? 0) as PermissionLevel;
          rows.push(
            <Table.Tr key={code}>
              <Table.Td>
                <Text size="sm">{PERMISSION_CODES[code]}</Text>
                <Text size="xs" c="dimmed">
                  {code}
                </Text>
              </Table.Td>
              <Table.Td>
                <SegmentedControl
                  size="xs"
                  aria-label={`Nivel de ${PERMISSION_CODES[code]}`}
                  title={PERMISSION_LEVELS[level]}
                  readOnly={p.readOnly}
                  value={String(level)}
                  onChange={(v) => set(code, Number(v) as PermissionLevel)}
                  data={LEVELS.map((l) => ({ value: String(l), label: `${l} ${LEVEL_SHORT[l]}` }))}
                />
              </Table.Td>
            </Table.Tr>,
          );
          return rows;
        })}
      </TablaSimple>
    </Input.Wrapper>
  );
}
