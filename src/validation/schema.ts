/**
 * The language the manifest's schema is written in: JSON types the API server decodes (strings,
 * int32, int64, quantities, durations, string maps), objects with known fields, lists; and per
 * field, whether this cluster knows it.
 */
import { IssueList } from './issue-list';
import { ClusterFacts } from '../model/cluster-facts';
import { table } from '../private/table';

/** What decoding a manifest knows: the cluster, and where to report. */
export interface DecodeContext {
  readonly cluster: ClusterFacts;
  readonly out: IssueList;
}

/** Why a field cannot be sent to this cluster, and whether the server would drop it. */
export interface Unavailable {
  readonly ruleId: string;
  readonly detail: string;
  readonly fix: string;
  /** The server removes the field before validation (true) or validates it anyway (false). */
  readonly dropped: boolean;
  /**
   * The server knows the field but drops it without a word (a gate is off): reported as dropped,
   * not as the unknown field a strict client would be refused for.
   */
  readonly droppedSilently?: boolean;
  /** Dropped without an issue here: a rule reports what the server then says. */
  readonly silent?: boolean;
}

export type Scalar = 'string' | 'int32' | 'int64' | 'quantity' | 'duration' | 'any' | 'stringMap';
export type Type = Scalar | ObjectType | ArrayType;
export interface ObjectType {
  /** The fields by name, in a map without a prototype: only a field's own name finds it. */
  readonly fields: { readonly [name: string]: Field | undefined };
}
export interface ArrayType { readonly items: Type }
export interface Field {
  readonly type: Type;
  readonly available?: (ctx: DecodeContext) => Unavailable | undefined;
}

export const f = (type: Type, available?: (ctx: DecodeContext) => Unavailable | undefined): Field => ({ type, available });
export const obj = (fields: { [name: string]: Type | Field }): ObjectType =>
  ({ fields: table(Object.fromEntries(Object.entries(fields).map(([n, t]) => [n, isField(t) ? t : f(t)]))) });
export const arr = (items: Type): ArrayType => ({ items });
export function isField(t: Type | Field): t is Field {
  return typeof t === 'object' && 'type' in t;
}
