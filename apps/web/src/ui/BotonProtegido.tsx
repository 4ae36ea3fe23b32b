import type { AccionPermiso, ModuleFlag, PermissionCode } from '@faro/domain';
import { Button, type ButtonProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { type ComponentPropsWithoutRef, useId } from 'react';
import { usePermiso } from '../platform/session/usePermiso.ts';

type Props = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    /** The feature whose level the action needs. */
    permiso: PermissionCode;
    /** What the button does to the feature: 'editar' (save, register, mark…) unless said. */
    accion?: AccionPermiso;
    /** The module the feature needs on (its level is 0 when off). */
    modulo?: ModuleFlag;
    /** Not shown at all when the level does not allow it (row and secondary actions). */
    ocultar?: boolean;
    /** Another reason to keep it disabled (the record's state), shown the same way; the level's goes first. */
    motivo?: string | null;
  };

/**
 * A button whose action the user's level may not allow. Allowed: a plain Mantine `Button`. Not allowed: hidden
 * (`ocultar`) or shown disabled with the reason, which stays reachable by keyboard (`aria-disabled`, not
 * `disabled`), shows as a tooltip on hover and focus and is read out through `aria-describedby`.
 */
export function BotonProtegido(props: Props) {
  const { permiso: codigo, accion = 'editar', modulo, ocultar, motivo: otroMotivo, ...button } = props;
  const id = useId();
  const sinNivel = usePermiso(codigo, modulo).motivo(accion);
  if (sinNivel && ocultar) return null;
  const motivo = sinNivel ?? otroMotivo ?? null;
  if (!motivo) return <Button {...button} />;
  const { onClick: _onClick, disabled: _disabled, type: _type, ...resto } = button;
  return (
    <>
      <Tooltip label={motivo} multiline maw={320} events={{ hover: true, focus: true, touch: true }}>
        <Button
          {...resto}
          type="button"
          data-disabled
          aria-disabled="true"
          aria-describedby={[resto['aria-describedby'], id].filter(Boolean).join(' ')}
          onClick={(e) => e.preventDefault()}
        />
      </Tooltip>
      <VisuallyHidden id={id}>{motivo}</VisuallyHidden>
    </>
  );
}
