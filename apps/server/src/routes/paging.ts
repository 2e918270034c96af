import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The longest Link header sent, in bytes. WordPress repeats the request's whole query in each
 * link; with a long query (a thousand ids) the two links passed 16 KiB, the most Node's HTTP
 * clients (fetch, http) read of an answer's headers, and they refused the whole answer. A
 * longer Link is left out: X-WP-TotalPages still says how many pages there are.
 */
export const MAX_LINK_HEADER_BYTES = 8 * 1024;

/**
 * Sets X-WP-Total, X-WP-TotalPages and the prev/next Link header (absolute URLs, as WordPress),
 * the Link only when it fits in {@link MAX_LINK_HEADER_BYTES}.
 */
export function setPagingHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: number,
  total: number,
  totalPages: number,
) {
  reply.header('X-WP-Total', String(total));
  reply.header('X-WP-TotalPages', String(totalPages));
  const links: string[] = [];
  const url = new URL(request.url, `${request.protocol}://${request.host || '127.0.0.1'}`);
  const linkTo = (p: number) => {
    url.searchParams.set('page', String(p));
    return `<${url.href}>`;
  };
  if (page > 1) links.push(`${linkTo(Math.min(page - 1, Math.max(totalPages, 1)))}; rel="prev"`);
  if (totalPages > page) links.push(`${linkTo(page + 1)}; rel="next"`);
  const link = links.join(', ');
  if (link && Buffer.byteLength(link) <= MAX_LINK_HEADER_BYTES) reply.header('Link', link);
}
