import type { EntityDef } from '@faro/domain';
import type { ComponentType } from 'react';
import type { InputProps } from './fields/inputs.tsx';

/**
 * The escape hatches of the generic entity screens. `ui/` never imports a feature: the feature that owns a bespoke
 * input, panel or list action registers it here (`features/<area>/register.ts[x]`), and the app loads those
 * registrations together with the entity screens (`app/entityScreens.ts`).
 */

export interface EditPanelProps {
  /** The record being edited (panels show only once it exists). */
  id: number;
  readOnly: boolean;
  /** The user's level on the entity's permission. */
  level: number;
}

export interface CreateActionProps {
  entity: EntityDef;
}

/** A bespoke input for one entity field, by "entity.field" (else the kind's input). */
export const CUSTOM_INPUTS: Record<string, ComponentType<InputProps>> = {};

/** Bespoke panels under the generic form of an entity, by entity name (`entity:feature` when several features add one). */
export const EDIT_PANELS: Record<string, ComponentType<EditPanelProps>> = {};

/** A button beside 'Nuevo …' on an entity's list, shown to users who may create (e.g. 'Importar'), by entity name. */
export const CREATE_ACTIONS: Record<string, ComponentType<CreateActionProps>> = {};

/** Whether an entity field shows, from the form's values, by "entity.field" (shown when absent). */
export const FIELD_VISIBLE: Record<string, (values: Record<string, unknown>) => boolean> = {};

export interface Extensions {
  inputs?: Record<string, ComponentType<InputProps>>;
  visible?: Record<string, (values: Record<string, unknown>) => boolean>;
  panels?: Record<string, ComponentType<EditPanelProps>>;
  createActions?: Record<string, ComponentType<CreateActionProps>>;
}

/** Called by a feature's `register` module. A key registered twice is a mistake of two features: it throws. */
export function registerExtensions({ inputs = {}, visible = {}, panels = {}, createActions = {} }: Extensions): void {
  const add = <T>(target: Record<string, T>, entries: Record<string, T>, what: string) => {
    for (const [key, value] of Object.entries(entries)) {
      if (target[key] && target[key] !== value) throw new Error(`${what} ${key} registrado dos veces`);
      target[key] = value;
    }
  };
  add(CUSTOM_INPUTS, inputs, 'Campo');
  add(FIELD_VISIBLE, visible, 'Visibilidad');
  add(EDIT_PANELS, panels, 'Panel');
  add(CREATE_ACTIONS, createActions, 'Acción');
}
