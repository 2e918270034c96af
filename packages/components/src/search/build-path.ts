/** A query argument value; undefined leaves the argument out, arrays are comma-joined. */
export type QueryArg = string | number | boolean | undefined | readonly (string | number)[];

function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

/** Appends query arguments to a REST path, leaving out undefined ones and keeping commas. */
export function buildPath(path: string, args: Readonly<Record<string, QueryArg>>): string {
  const pairs = Object.entries(args).flatMap(([name, value]) => {
    if (value === undefined) return [];
    const text = Array.isArray(value) ? value.join(',') : String(value);
    return [`${encode(name)}=${encode(text)}`];
  });
  if (pairs.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}
