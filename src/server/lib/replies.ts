import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../domain/lists.ts';

/** A list's answer: the page's rows, with the list's total in the X-Total-Count header. */
export function withTotalCount<Row>(reply: FastifyReply, page: { rows: Row[]; total: number }) {
  reply.header(TOTAL_COUNT_HEADER, page.total);
  return page.rows;
}
