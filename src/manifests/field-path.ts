/** Kubernetes field paths (`spec.metrics[0].external.target.value`) as key paths for the YAML source. */

/**
 * `spec.metrics[0].target` to `['spec', 'metrics', 0, 'target']`; `metadata.labels[app.kubernetes.io/name]`
 * keeps the bracketed key whole. `<root>` and the cluster profile's `cluster.*` fields, which
 * are not in the manifest, are the empty path: the document itself.
 */
export function fieldPathSegments(path: string): Array<string | number> {
  if (path === '<root>' || path === 'cluster' || path.startsWith('cluster.')) return [];
  const segments: Array<string | number> = [];
  const re = /\[([^\]]*)\]|\.?([^.[\]]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path)) !== null) {
    if (m[1] !== undefined) {
      segments.push(/^\d+$/.test(m[1]) ? Number(m[1]) : m[1]);
    } else {
      segments.push(m[2]);
    }
  }
  return segments;
}
