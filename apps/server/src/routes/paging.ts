import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sets X-WP-Total, X-WP-TotalPages and the prev/next Link header (absolute URLs, as WordPress). */
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
  if (links.length) reply.header('Link', links.join(', '));
}
