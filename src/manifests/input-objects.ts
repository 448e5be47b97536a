/** The Kubernetes objects of a YAML or JSON input, each with where it stands in its source. */
import { fieldPathSegments } from './field-path';
import { Position, SourceDocument } from './yaml-source';
import { IndexedObject } from '../model/related-objects';
import { isObject } from '../model/values';

/** One object of the input, and where it is. */
export class InputObject implements IndexedObject {
  constructor(
    /** The input's name as printed. */
    public readonly file: string,
    public readonly document: SourceDocument,
    /** The object's path in its document: empty, or `['items', 3]` in a `List`. */
    private readonly prefix: ReadonlyArray<string | number>,
    public readonly manifest: { readonly [key: string]: any },
  ) {}

  /** Where a field of the object, given as a Kubernetes field path (`spec.metrics[0]`), is in its source. */
  public positionOf(fieldPath: string): Position {
    return this.document.positionOf([...this.prefix, ...fieldPathSegments(fieldPath)]);
  }

  /** `file:line` of the object. */
  public where(): string {
    return `${this.file}:${this.positionOf('<root>').line}`;
  }
}

/** The objects of a document: the document itself, or the items of a `kind: List` (as `kubectl get -o yaml` writes). */
export function objectsOf(file: string, document: SourceDocument): InputObject[] {
  const value = document.value;
  if (!isObject(value)) return [];
  if (typeof value.kind === 'string' && value.kind.endsWith('List') && Array.isArray(value.items)) {
    return value.items.flatMap((item: unknown, i: number) => isObject(item) ? [new InputObject(file, document, ['items', i], item)] : []);
  }
  return [new InputObject(file, document, [], value)];
}
