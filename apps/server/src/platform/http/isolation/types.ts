import type { Session, TestApp } from '../../../../test/testApp.ts';

/**
 * A route's answer to A. `expected`: the status the fixture expects when the route's parameters are not B's ids
 * (a period, a model: the company comes from the token, so A gets its own data and the sentinel check still applies).
 */
export type Answer = { status: number; body: Json; expected?: number };

/** An answer's body as the fixtures read it: every route's shape, read by field name. */
// biome-ignore lint/suspicious/noExplicitAny: one alias for the matrix's many answer shapes, read by field name
export type Json = any;

/** What an area's isolation fixture gets: both sessions, B's company, the sentinel and the id map. */
export interface IsolationContext {
  t: TestApp;
  /** Owner of DEMO (every permission): the attacker. */
  a: Session;
  /** Owner of AUTOESCUELA: the victim whose rows carry the sentinel. */
  b: Session;
  bEmpresaId: number;
  sentinel: string;
  /** Resource base path (`/api/area/recurso`) → an id of B; CRUD `edit|save|delete/:id` routes use it. */
  bIds: Map<string, number>;
  /** POST as B, expecting 201 (or 200), returning the body. */
  postB(path: string, body: Record<string, unknown>): Promise<Record<string, Json> & { Id: number }>;
}

/**
 * One area's part of the tenant-isolation matrix (platform/http/tenantIsolation.test.ts): it gives B rows carrying
 * the sentinel, says how to call its routes that take parameters other than a CRUD :id (with B's values, through
 * A's session), and checks afterwards that B's rows are untouched. One file per area, listed in `areas.ts`.
 */
export interface IsolationArea {
  seedB(ctx: IsolationContext): Promise<void>;
  explicit?(ctx: IsolationContext): Record<string, () => Promise<Answer>>;
  verifyB?(ctx: IsolationContext): Promise<void>;
}
