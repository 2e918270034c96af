/**
 * The string-keyed Map that `maps` keeps for `owner` (an app, a database handle, a shared
 * list), made on first use. Held by a WeakMap, so it goes when its owner does.
 */
export function mapOf<K extends object, V>(
  maps: WeakMap<K, Map<string, V>>,
  owner: K,
): Map<string, V> {
  let map = maps.get(owner);
  if (!map) {
    map = new Map();
    maps.set(owner, map);
  }
  return map;
}
